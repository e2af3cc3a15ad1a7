import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { jsonCall } from '#app/http/json.server';
import { dayQuery } from '#app/admin-area/calls.server';
import { csvDocument } from '#app/admin-area/csv';
import { csvTexts, homeTexts } from '#app/admin-area/texts';
import { paidBy } from '#app/admin-area/paid-by';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';

/**
 * GET /api/admin/orders/export.csv?store_id&date (admin): a store's orders of a Tokyo date, one
 * row per order line with the payment method, as CSV in UTF-8 with a BOM (decision 123).
 */
export const loader = jsonCall({
  query: dayQuery,
  async handle({ query, queries, runtime }) {
    const date = query.date ?? tokyoDateOf(runtime.clock.now());
    const orders = await queries.adminDay.orderRows(query.store_id, date);
    const rows = orders.flatMap((o) =>
      o.items.map((i) => {
        return [
          o.id,
          tokyoDateTimeLabel(o.order_time.toISOString()),
          o.seat_label,
          o.reservation_id,
          i.menu_name,
          i.quantity,
          i.price,
          i.quantity * i.price,
          homeTexts.statuses[o.status] ?? o.status,
          paidBy(o.payment_methods),
        ];
      }),
    );
    return new Response(csvDocument([csvTexts.header, ...rows]), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvTexts.fileName(date)}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});
