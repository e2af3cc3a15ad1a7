import { z } from 'zod';
import { describeDetail, optionSpecOf } from '@moncafe/domain/reservation/detail';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { reservationAnswer } from '#app/schedule/answers.server';

/**
 * GET /api/admin/reservations/{id} (monitor/admin): `reservation` with the spec's fields, its
 * option details described (choice labels, picture ids for /api/reservation-images/{id}), and its
 * whole `history` read from its events (who and when; a move says from → to). Actors are
 * account ids; `actors` names the staff among them.
 */
export const loader = jsonCall({
  async handle({ params, queries, services }) {
    const id = z.uuid().safeParse(params.id);
    if (!id.success) return refuse(400, 'invalid id', { field: 'id' });
    const row = await queries.reservations.get(id.data);
    if (!row) return refuse(404, 'not found', { message: 'reservation not found' });
    const menuIds = [...new Set(row.lines.map((l) => l.menuId))];
    const [seats, options, history, accounts] = await Promise.all([
      queries.seats.ofStore(row.store_id),
      queries.menus.options(menuIds),
      services.reservationStaff.history(row.id),
      queries.accounts.list(),
    ]);
    const specs = options.map((o) => optionSpecOf(o.option_id, o));
    const involved = new Set((history ?? []).map((h) => h.actor));
    return {
      success: true as const,
      reservation: { ...reservationAnswer(row, seats), options: describeDetail(specs, row.detail) },
      history: history ?? [],
      actors: Object.fromEntries(accounts.filter((a) => involved.has(a.accountId)).map((a) => [a.accountId, a.name])),
      seat_names: Object.fromEntries(seats.map((s) => [s.id, s.name])),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
