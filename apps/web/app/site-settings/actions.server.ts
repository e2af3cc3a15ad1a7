import { data } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { CatalogIssue } from '@moncafe/domain/catalog/decider';
import type { CommandContext } from '@moncafe/domain/command-handler';
import { DomainError } from '@moncafe/domain/decider';
import type { Application } from '@moncafe/domain/application';
import { requireRole } from '#app/auth/require-role.server';
import { appOf, correlationIdOf } from '#app/context';
import { settingsTexts as t } from './texts';

/** What a settings screen's action answers: saved, or the first problem in Japanese. */
export type SettingsAnswer = { ok: true; message: string; error: null } | { ok: false; message: null; error: string };

/**
 * The site settings screens' one road to a command: an admin (checked on the server), the command
 * context with the admin as actor, one service call, then the read models caught up so the page
 * reloads with the change. A refused record answers 400 with the first problem; nothing is saved.
 */
export async function runAdminCommand(
  request: Request,
  context: Readonly<RouterContextProvider>,
  command: (services: Application, ctx: CommandContext) => Promise<{ position: number | null }>,
  done: string = t.saved,
) {
  const admin = await requireRole(request, context, 'admin');
  const { services, runtime } = appOf(context);
  try {
    const result = await command(services, { correlationId: correlationIdOf(context), actor: admin.id, storeId: null });
    await runtime.waitForProjections(result.position);
    return { ok: true, message: done, error: null } satisfies SettingsAnswer;
  } catch (error) {
    if (error instanceof DomainError) return refused(messageOf(error));
    throw error;
  }
}

export function refused(error: string) {
  return data({ ok: false, message: null, error } satisfies SettingsAnswer, { status: 400 });
}

function messageOf(error: DomainError): string {
  const issue = (error.details.issues as CatalogIssue[] | undefined)?.[0];
  if (error.code === 'invalid_record' && issue) return t.fieldError(issue.path.join('.') || 'data', issue.message);
  return t.saveFailed;
}

/** The first problem of a zod parse, worded for the screen. */
export function firstIssue(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  return issue ? t.fieldError(issue.path.map(String).join('.') || 'data', issue.message) : t.saveFailed;
}
