import type { KitchenTicketRow } from '@moncafe/projections/kitchen/queries';
import { kitchenNotes, type KitchenNote } from '@moncafe/domain/order/kitchen-notes';
import type { WebApp } from '#app/context';
import { orderAnswer } from './answers';
import { kitchenTexts } from './staff-texts';

/** A note as the kitchen's screen shows it: the remarks named in the screen's words. */
function noteAnswer(note: KitchenNote) {
  return { label: note.source === 'remarks' ? kitchenTexts.remarks : note.label, text: note.text, allergy: note.allergy };
}

/**
 * The kitchen's tickets (decisions 188, 670): each order with its party — how many, whether the
 * visit is already paid — and the booking's notes, an allergy marked by the kitchen's rule, all
 * read with the order from the kitchen ticket's read model.
 */
export function kitchenTickets(rows: readonly KitchenTicketRow[]) {
  return rows.map(({ people, paid, notes, ...row }) => ({
    ...orderAnswer(row),
    // Every line says whether it is taken away, so the kitchen packs it (decision 641), and whether
    // its station has bumped it (a row from before per-item bumps: as its ticket is).
    items: row.items.map((item) => ({ ...item, takeout: item.takeout === true, state: item.state ?? (row.status === 'complete' ? 'done' : 'ready') })),
    people,
    paid,
    notes: notes.map(noteAnswer),
  }));
}

/**
 * The parties of the day seated with a booked course (decision 630): the kitchen learns the
 * course, its count and its options (the plate's text) when the party sits down, before any order.
 */
export async function seatedCourseParties(queries: WebApp['queries'], storeId: string, date: string, now: Date) {
  const seated = (await queries.reservations.ofDay(storeId, date, now)).filter(
    (r) => r.seated_at !== null && r.exited_at === null && r.lines.length > 0 && r.status !== 'cancelled' && r.status !== 'no_show',
  );
  if (seated.length === 0) return [];
  const menuIds = [...new Set(seated.flatMap((r) => r.lines.map((l) => l.menuId)))];
  const [options, seats] = await Promise.all([queries.menus.options(menuIds), queries.seats.ofStore(storeId)]);
  const optionOf = new Map(options.map((o) => [`${o.menu_id}_${o.option_id}`, o]));
  const seatName = new Map(seats.map((s) => [s.id, s.name]));
  return seated.map((r) => ({
    reservation_id: r.id,
    seat_label: r.seat_ids.map((id) => seatName.get(id) ?? id).join('・'),
    people: r.people,
    seated_at: r.seated_at!.toISOString(),
    courses: r.lines.map((l) => ({ menu_id: l.menuId, name: l.name, quantity: l.quantity })),
    notes: kitchenNotes(r, (key) => optionOf.get(key)).map(noteAnswer),
  }));
}
