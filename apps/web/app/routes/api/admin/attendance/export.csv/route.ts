import { z } from 'zod';
import { attendanceCsv, monthQuery } from '#app/attendance/calls.server';
import { attendanceTexts as t } from '#app/attendance/texts';
import { jsonCall } from '#app/http/json.server';

/**
 * GET /api/admin/attendance/export.csv?store_id&month[&kind=summary] (admin): the month for a
 * payroll tool, one row per person and day (the screen's rows), or one per person.
 */
export const loader = jsonCall({
  query: monthQuery.extend({ kind: z.enum(['days', 'summary']).default('days') }),
  store: ({ query }) => query.store_id,
  async handle({ query, queries, runtime }) {
    const [staff, store] = await Promise.all([
      queries.attendance.month({ storeId: query.store_id, month: query.month, now: runtime.clock.now() }),
      queries.stores.get(query.store_id),
    ]);
    return new Response(attendanceCsv(query.kind, store?.name ?? query.store_id, staff), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${t.csv.fileName(query.kind, query.month)}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});
