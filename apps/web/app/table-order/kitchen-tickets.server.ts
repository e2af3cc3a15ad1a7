import type { OrderRow } from '@moncafe/projections/orders/queries';
import type { WebApp } from '#app/context';
import { orderAnswer } from './answers';
import { kitchenTexts } from './staff-texts';

/** Words that mark a note as an allergy, so the kitchen sees it highlighted. */
const ALLERGY = /アレルギー|allerg/i;

/**
 * The kitchen's tickets (decision 188): each ready order with its party — how many, whether
 * the visit is already paid — and the options the booking chose (text options only; a picture is
 * not a note), an option naming an allergy marked as one.
 */
export async function kitchenTickets(queries: WebApp['queries'], orders: readonly OrderRow[]) {
  const visitIds = [...new Set(orders.map((o) => o.reservation_id))];
  const visits = new Map((await Promise.all(visitIds.map((id) => queries.reservations.get(id)))).flatMap((r) => (r ? [[r.id, r] as const] : [])));
  // A party merged into another is that party now (decision 370): its tickets say the joined size.
  const hostIds = [...new Set([...visits.values()].flatMap((r) => (r.merged_into && !visits.has(r.merged_into) ? [r.merged_into] : [])))];
  for (const host of await Promise.all(hostIds.map((id) => queries.reservations.get(id)))) if (host) visits.set(host.id, host);
  const partyOf = (id: string) => {
    const visit = visits.get(id);
    return visit?.merged_into ? (visits.get(visit.merged_into) ?? visit) : visit;
  };
  const notesOf = await bookingNotes(queries, [...visits.values()]);
  return orders.map((row) => {
    const visit = visits.get(row.reservation_id);
    return {
      ...orderAnswer(row),
      // Every line says whether it is taken away, so the kitchen packs it (decision 641).
      items: row.items.map((item) => ({ ...item, takeout: item.takeout === true })),
      people: partyOf(row.reservation_id)?.people ?? null,
      paid: Boolean(visit?.payment_method ?? visit?.exited_at),
      notes: visit ? notesOf(visit) : [],
    };
  });
}

type Visit = NonNullable<Awaited<ReturnType<WebApp['queries']['reservations']['get']>>>;

/** The notes a booking gives the kitchen: its chosen options (text, not pictures) and its remarks, an allergy marked as one. */
async function bookingNotes(queries: WebApp['queries'], visits: readonly Visit[]) {
  const menuIds = [...new Set(visits.flatMap((r) => r.lines.map((l) => l.menuId)))];
  const options = new Map((await queries.menus.options(menuIds)).map((o) => [`${o.menu_id}_${o.option_id}`, o]));
  return (visit: Visit) => {
    const notes = Object.entries(visit.detail).flatMap(([key, value]) => {
      const option = options.get(key);
      if (!option || option.type === 'image') return [];
      // A chosen choice by its label (「つける」), as the guest chose it, never its id.
      const labelOf = (v: string) => option.choices.find((c) => c.id === v)?.label ?? v;
      const text = (Array.isArray(value) ? value : [value])
        .filter((v) => v.trim() !== '')
        .map(labelOf)
        .join('、');
      return text ? [{ label: option.label, text, allergy: ALLERGY.test(option.label) || ALLERGY.test(text) }] : [];
    });
    // The booking's remarks (decision 282), an allergy highlighted like an option's.
    const remarks = visit.remarks.trim();
    if (remarks) notes.push({ label: kitchenTexts.remarks, text: remarks, allergy: ALLERGY.test(remarks) });
    return notes;
  };
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
  const [notesOf, seats] = await Promise.all([bookingNotes(queries, seated), queries.seats.ofStore(storeId)]);
  const seatName = new Map(seats.map((s) => [s.id, s.name]));
  return seated.map((r) => ({
    reservation_id: r.id,
    seat_label: r.seat_ids.map((id) => seatName.get(id) ?? id).join('・'),
    people: r.people,
    seated_at: r.seated_at!.toISOString(),
    courses: r.lines.map((l) => ({ menu_id: l.menuId, name: l.name, quantity: l.quantity })),
    notes: notesOf(r),
  }));
}
