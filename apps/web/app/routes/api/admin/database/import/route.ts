import { DatabaseAdminError, linesOf } from '@moncafe/infra/database-admin/database-admin';
import { databaseErrorMessage, databaseTexts as t } from '#app/admin-database/texts';
import { requireRole } from '#app/auth/require-role.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** Largest log accepted in one upload (checked whole before anything is written, decision 142). */
const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/**
 * POST /api/admin/database/import (body: the NDJSON file): imports an exported event log into a
 * system whose event store is empty, then rebuilds every read model. A non-empty store, or any bad
 * line, imports nothing.
 */
export const action = jsonCall({
  body: 'bytes',
  maxBodyBytes: MAX_IMPORT_BYTES,
  async handle({ request, context, runtime, body }) {
    await requireRole(request, context, 'admin');
    try {
      const result = await runtime.databaseAdmin.importLines(linesOf([body]));
      return { success: true as const, imported: result.imported, message: t.imported(result.imported) };
    } catch (error) {
      if (error instanceof DatabaseAdminError) {
        return Response.json(
          { success: false, error: error.code, line: error.detail.line ?? null, message: databaseErrorMessage(error) },
          { status: error.code === 'busy' || error.code === 'store_not_empty' ? 409 : 400 },
        );
      }
      throw error;
    }
  },
});

export type Answer = AnswerOf<typeof action>;
