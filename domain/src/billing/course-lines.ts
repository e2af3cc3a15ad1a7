import { describeDetail, detailKey, type OptionSpec } from '../reservation/detail';
import type { ReservationRequest } from '../reservation/events';
import { billedCourseCounts } from '../reservation/course-line';
import type { TaxCategory } from './tax-category';
import { lineRatePercent, receiptLine, shownUnitPrice, type StoreRates, type TaxableLine } from './tax-math';

/**
 * A reservation's booked courses as bill lines (decision 630): each course at its booked price per
 * person times the count on the bill, and each chosen option with an extra price as a line of its
 * own, all at the course's tax category and eaten in, so the one tax function prices them like
 * any order line. What the options say (the plate's text) is kept for the kitchen's ticket.
 */
export interface BookedCourse {
  reservationId: string;
  menuId: string;
  name: string;
  /** The count booked, and the count on the bill now (0: staff took it off). */
  booked: number;
  quantity: number;
  /** The price per person as entered when booked (the bill shows it with tax). */
  price: number;
  taxCategory: TaxCategory;
  /** The chosen options with an extra price: their label and choices, and the price. */
  extras: { name: string; price: number }[];
  /** Every chosen option as the kitchen reads it: label and what was chosen or typed (pictures as `image`). */
  options: { label: string | null; values: string[] }[];
}

/** What the course lines are made from: the reservation's request and staff's changes, the catalog's options and tax categories. */
export interface CourseSource {
  reservationId: string;
  request: Pick<ReservationRequest, 'lines' | 'detail' | 'optionsPrice'>;
  courseCounts: Readonly<Record<string, number>>;
}

export function bookedCourses(source: CourseSource, options: readonly OptionSpec[], taxCategories: ReadonlyMap<string, TaxCategory>): BookedCourse[] {
  const counts = billedCourseCounts(source.request, source.courseCounts);
  const seen = new Set<string>();
  const courses: BookedCourse[] = [];
  for (const line of source.request.lines) {
    if (seen.has(line.menuId)) continue;
    seen.add(line.menuId);
    const own = options.filter((o) => o.menuId === line.menuId);
    const keys = new Set(own.map((o) => detailKey(o.menuId, o.optionId)));
    const detail = Object.fromEntries(Object.entries(source.request.detail).filter(([key]) => keys.has(key)));
    const described = describeDetail(own, detail);
    courses.push({
      reservationId: source.reservationId,
      menuId: line.menuId,
      name: line.name,
      booked: source.request.lines.filter((l) => l.menuId === line.menuId).reduce((sum, l) => sum + l.quantity, 0),
      quantity: counts.get(line.menuId) ?? line.quantity,
      price: line.price,
      taxCategory: taxCategories.get(line.menuId) ?? 'reduced',
      extras: described
        .filter((d) => d.extraPrice > 0)
        .map((d) => ({ name: [d.label ?? '', ...d.values.map(valueText)].filter((s) => s !== '').join('：'), price: d.extraPrice })),
      options: described.map((d) => ({ label: d.label, values: d.values.map(valueText) })),
    });
  }
  // Options the catalog no longer prices as they were booked: the booked extra price stands as one
  // line on the first course, so the bill charges what the guest agreed to, no more, no less.
  const extras = courses.reduce((sum, c) => sum + c.extras.reduce((s, e) => s + e.price, 0), 0);
  if (extras === source.request.optionsPrice) return courses;
  return courses.map((c, i) => ({
    ...c,
    extras: i === 0 && source.request.optionsPrice > 0 ? [{ name: c.name, price: source.request.optionsPrice }] : [],
  }));
}

const valueText = (v: ReturnType<typeof describeDetail>[number]['values'][number]) => (v.kind === 'text' ? v.text : v.kind === 'choice' ? v.label : 'image');

/** A course's bill line: the course itself or one of its priced options, with the course's menu id. */
export type CourseBillLine = TaxableLine & { menuId: string; kind: 'course' | 'option' };

/** The courses as bill lines: each course, then its options (once per reservation); a course taken off brings none. */
export function courseBillLines(courses: readonly BookedCourse[]): CourseBillLine[] {
  return courses.flatMap((c): CourseBillLine[] =>
    c.quantity === 0
      ? []
      : [
          { menuId: c.menuId, kind: 'course', name: c.name, quantity: c.quantity, unitPrice: c.price, taxCategory: c.taxCategory, takeout: false },
          ...c.extras.map((e) => ({
            menuId: c.menuId,
            kind: 'option' as const,
            name: e.name,
            quantity: 1,
            unitPrice: e.price,
            taxCategory: c.taxCategory,
            takeout: false,
          })),
        ],
  );
}

/**
 * A booking as the guest is shown it (総額表示, decision 632): each course's price per person and
 * each chosen option's extra price with tax, eaten in at the course's category, and the total as
 * the bill will charge it at check-in (the same lines through the one tax function).
 */
export function shownBooking(
  request: Pick<ReservationRequest, 'reservationId' | 'lines' | 'detail' | 'optionsPrice'>,
  options: readonly OptionSpec[],
  taxCategories: ReadonlyMap<string, TaxCategory>,
  rates: StoreRates,
): { lines: ReservationRequest['lines']; optionPrices: Map<string, number>; total: number } {
  const categoryOf = (menuId: string) => taxCategories.get(menuId) ?? 'reduced';
  const shown = (entered: number, menuId: string) =>
    shownUnitPrice(entered, rates, lineRatePercent({ taxCategory: categoryOf(menuId), takeout: false }, rates));
  const courses = bookedCourses({ reservationId: request.reservationId, request, courseCounts: {} }, options, taxCategories);
  const total = courseBillLines(courses).reduce((sum, line) => sum + receiptLine(line, rates).amount, 0);
  // An option's shown extra price, by option id, at its course's rate.
  const optionPrices = new Map(
    describeDetail(options, request.detail).map((d) => {
      const menuId = options.find((o) => o.optionId === d.optionId)?.menuId ?? request.lines[0]?.menuId ?? '';
      return [d.optionId, shown(d.extraPrice, menuId)] as const;
    }),
  );
  return { lines: request.lines.map((l) => ({ ...l, price: shown(l.price, l.menuId) })), optionPrices, total };
}
