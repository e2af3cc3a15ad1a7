/** ¥ with thousands separators: 1200 → '¥1,200'. Written out so server and browser agree exactly. */
export function formatYen(price: number): string {
  const rounded = Math.round(price);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}¥${digits}`;
}
