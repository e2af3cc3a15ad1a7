import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/production';

/**
 * A comment says why in words a reader can follow. A work item's number (an issue, an item of
 * it, a finding, a deliverable, a stop or a part) points at a tracker this repository does not
 * hold, so a newcomer cannot follow it; a decision record (docs/decisions/NNN-*.md) is in the tree
 * and may be cited. Only comments are read, so test titles and strings that name one are left alone.
 */
const workItem = /\b(issues?|items?|findings?|deliver(?:y|ables?)?|stops?|parts?)\s+#?\d+/gi;
const skippedFolders = /(^|\/)(node_modules|build|\.react-router|test-results)\//;

export type Comment = { line: number; text: string };

/**
 * Every comment of a source file with the line it starts on. The parser finds the tokens, and the
 * scanner reads the trivia before each one: a scanner alone cannot tell a regular expression, the
 * rest of a template after `${…}` or JSX text from code, and would take `//` inside them for a comment.
 */
export function commentsOf(fileName: string, text: string): Comment[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, source.languageVariant, text);
  const comments: Comment[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node) || node.kind === ts.SyntaxKind.JsxText) return;
    const children = node.getChildren(source);
    if (children.length > 0) return children.forEach(visit);
    scanner.resetTokenState(node.pos);
    for (let kind = scanner.scan(); scanner.getTokenStart() < node.getStart(source); kind = scanner.scan()) {
      if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
        comments.push({ line: source.getLineAndCharacterOfPosition(scanner.getTokenStart()).line + 1, text: scanner.getTokenText() });
      }
    }
  };
  visit(source);
  return comments;
}

/** `file:line: text` for each line of a comment that cites a work item rather than a decision. */
export function workItemCitations(fileName: string, text: string): string[] {
  // Parsing is the slow part: a file that names no work item anywhere has no comment that does.
  if (!new RegExp(workItem.source, 'i').test(text)) return [];
  return commentsOf(fileName, text).flatMap(({ line, text: comment }) =>
    comment.split('\n').flatMap((commentLine, offset) => (commentLine.match(workItem) ? [`${fileName}:${line + offset}: ${commentLine.trim()}`] : [])),
  );
}

const trackedSources = (): string[] =>
  execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !skippedFolders.test(file));

describe('comments cite decisions, not work items', { timeout: 30_000 }, () => {
  it('reads comments only, and catches an issue cited in one', () => {
    // The fixtures write a number's space as `~`, so that this file's own text cites nothing; `at`
    // turns it back into the source the walk would read.
    const at = (text: string) => text.replaceAll('~', ' ');
    const source = at("// issue~12: x\nconst title = 'issue~12';\n/* see\n   finding~6 */\nit('stops~3 guests', () => {}); // decision 320\n");
    expect(commentsOf('x.ts', source).map((c) => c.line)).toEqual([1, 3, 5]);
    expect(workItemCitations('x.ts', source)).toEqual([at('x.ts:1: // issue~12: x'), at('x.ts:4: finding~6 */')]);
    expect(workItemCitations('x.tsx', at('const a = <p>{/* deliverable~2 */}item~3</p>;\n'))).toEqual([at('x.tsx:1: /* deliverable~2 */')]);
    expect(workItemCitations('x.ts', '// decisions 280–283 and the item of the receipt\n')).toEqual([]);
    expect(workItemCitations('x.ts', at('const r = /\\/\\/ issue~3/;\nconst t = `${r} // issue~4`;\n'))).toEqual([]);
  });

  it('no comment in a tracked source file cites an issue, item, finding, deliverable, stop or part', () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => workItemCitations(file, readFileSync(path.join(repoRoot, file), 'utf8')))).toEqual([]);
  });
});
