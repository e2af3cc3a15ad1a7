/**
 * Yen amounts, written out digit by digit so the server's render and the browser's hydration (and
 * a mail) agree exactly, whatever locale data the runtime has.
 */
function grouped(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${digits}`;
}

/** 1200 → '¥1,200' (the public menu's price tags). */
export function formatYen(amount: number): string {
  return grouped(amount).replace(/^(-?)/, '$1¥');
}

/** 1200 → '1,200円' (reservations, carts and mails). */
export function yenAmount(amount: number): string {
  return `${grouped(amount)}円`;
}
