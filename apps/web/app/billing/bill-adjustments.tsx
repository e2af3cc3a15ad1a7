import type { Answer as BillAnswer } from '#app/routes/api/orders/checkout/route';
import { CourseLines } from './course-lines';
import { Discounts, type DiscountPreset } from './discounts';

/**
 * What staff change on a bill before it is paid, the same at the monitor checkout and on the
 * floor view: the booked courses' counts (decision 630) and the discounts (decision 642). A bill
 * with a part already paid takes no discount, since the paid part's receipt is printed.
 * `onReload`: the whole bill is to be read again (a course's count can reshape a split);
 * `onChanged`: the discount calls answer the bill as it is now.
 */
export function BillAdjustments(props: { bill: BillAnswer; presets: readonly DiscountPreset[]; onReload: () => void; onChanged: (bill: BillAnswer) => void }) {
  const { bill } = props;
  return (
    <>
      <CourseLines bill={bill} onChanged={props.onReload} />
      {bill.order_items.length > 0 && !bill.split?.parts.some((p) => p.paid) && <Discounts bill={bill} presets={props.presets} onChanged={props.onChanged} />}
    </>
  );
}
