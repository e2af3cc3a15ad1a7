import { z } from 'zod';
import { SALES_EXPORTS, salesCsv } from '#app/admin-area/sales-csv.server';
import { salesCsvTexts } from '#app/admin-area/register-texts';
import { salesQuerySchema } from '#app/admin-area/sales-range';
import { jsonCall, refuse } from '#app/http/json.server';

const kindSchema = z.enum(SALES_EXPORTS);

/**
 * GET /api/admin/sales/export/{sales-lines|receipts|reservations|shifts}?store_id&from&to (admin):
 * the sales screen's CSV exports, UTF-8 with a BOM so Excel reads Japanese (decision 251).
 */
export const loader = jsonCall({
  query: salesQuerySchema,
  store: ({ query }) => (query.scope === 'all' ? null : query.store_id),
  async handle({ query, params, queries }) {
    const kind = kindSchema.safeParse(params.kind);
    if (!kind.success) refuse(404, 'not found');
    return new Response(await salesCsv(queries, kind.data, query), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${salesCsvTexts.fileName(kind.data, query.from, query.to)}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});
