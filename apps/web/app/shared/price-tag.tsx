/**
 * A price as a guest is shown it (総額表示, decision 518): tax included, eaten in, and beside it the
 * price taken away where that differs (a reduced-rate item): 「550円（お持ち帰り 540円）」. The
 * caller gives the screen's yen format and its language's words for the takeaway price.
 */
export function PriceTag(props: { eatIn: number; takeout: number; yen: (amount: number) => string; takeoutLabel: (price: string) => string }) {
  return (
    <span data-price={props.eatIn} data-takeout-price={props.takeout}>
      {props.yen(props.eatIn)}
      {props.takeout !== props.eatIn && <span className="price-takeout">{props.takeoutLabel(props.yen(props.takeout))}</span>}
    </span>
  );
}
