import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every page action goes through the one edge, `formAction` (apps/web/app/http/form-action.server.ts):
 * this walks the page route modules and names each exported `action` that is anything else (a
 * function written by hand, a call of another helper). The JSON calls under routes/api/ have
 * theirs, `jsonCall`, which their folders' call makers (createCall, itemCall…) wrap.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routesDir = path.join(repoRoot, 'apps/web/app/routes');

/** Each exported `action` of a module that is not `export const action = <edge>({ … })`, as "line: what". */
export function actionsOffTheEdge(fileName: string, source: string, edge: 'jsonCall' | 'formAction'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const problems: string[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === 'action' && exported(statement)) {
      problems.push(`${lineOf(statement)}: a function written by hand, not ${edge}(…)`);
    } else if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'action') continue;
        const init = declaration.initializer;
        const callee = init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) ? init.expression.text : null;
        if (callee !== edge) problems.push(`${lineOf(declaration)}: ${callee ? `${callee}(…)` : 'not a call'}, not ${edge}(…)`);
      }
    } else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (element.name.text === 'action') problems.push(`${lineOf(element)}: re-exported, not ${edge}(…) here`);
      }
    }
  }
  return problems;
}

/** The page route modules: every module under app/routes but the JSON calls' (routes/api/). */
function pageModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' || full === path.join(routesDir, 'api') ? [] : pageModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('page actions', () => {
  it('every page route module’s action goes through formAction', () => {
    const modules = pageModules(routesDir);
    const offTheEdge = modules.flatMap((file) =>
      actionsOffTheEdge(file, readFileSync(file, 'utf8'), 'formAction').map((problem) => `${path.relative(routesDir, file)}:${problem}`),
    );
    expect(offTheEdge).toEqual([]);
    // The walk saw the page actions it is about, not an empty folder.
    const pageActions = modules.filter((file) => /export const action = formAction\(/.test(readFileSync(file, 'utf8')));
    expect(pageActions.length).toBeGreaterThanOrEqual(17);
  });

  it('catches an action written by hand (the fixture), an action made by another helper, and one re-exported', () => {
    const fixture = path.join(repoRoot, 'tests/architecture/fixtures/page-action-by-hand.ts');
    expect(actionsOffTheEdge(fixture, readFileSync(fixture, 'utf8'), 'formAction')).toEqual(['5: a function written by hand, not formAction(…)']);
    expect(actionsOffTheEdge('r.ts', 'export const action = adminAction({});\n', 'formAction')).toEqual(['1: adminAction(…), not formAction(…)']);
    expect(actionsOffTheEdge('r.ts', "export { action } from './elsewhere';\n", 'formAction')).toHaveLength(1);
    expect(actionsOffTheEdge('r.ts', 'export const action = formAction({});\n', 'jsonCall')).toEqual(['1: formAction(…), not jsonCall(…)']);
    expect(actionsOffTheEdge('r.ts', 'export const action = formAction({ roles: "anyone", handle: () => null });\n', 'formAction')).toEqual([]);
  });
});
