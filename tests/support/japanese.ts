/** 2026-12-20 → 2026年12月20日（日）, as a Japanese guest reads a date (written here apart from the app's, to check it). */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${y}年${m}月${d}日（${'日月火水木金土'[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}）`;
}
