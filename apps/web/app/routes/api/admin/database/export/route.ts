import { Readable } from 'node:stream';
import { requireRole } from '#app/auth/require-role.server';
import { jsonCall } from '#app/http/json.server';

/**
 * GET /api/admin/database/export: the whole event log as NDJSON, read page by page only as fast
 * as the client takes it (a pull stream: backpressure), so any size streams in constant memory.
 */
export const loader = jsonCall({
  async handle({ request, context, runtime }) {
    const admin = await requireRole(request, context, 'admin');
    // Personal fields stay sealed and the keys come sealed by SECRETS_KEY; each export is an audit line (decision 184).
    const lines = runtime.databaseAdmin.exportLines(admin.id);
    const body = Readable.toWeb(Readable.from(lines, { objectMode: false })) as ReadableStream<Uint8Array>;
    const stamp = runtime.clock.now().toISOString().slice(0, 19).replace(/[-:]/g, '');
    return new Response(body, {
      headers: {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Content-Disposition': `attachment; filename="moncafe-events-${stamp}.ndjson"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});
