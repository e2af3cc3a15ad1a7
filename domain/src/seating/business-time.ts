/**
 * Business time is Asia/Tokyo. Japan has no daylight saving time, so a fixed +09:00 offset is
 * exact for every date the product handles; no time-zone database is needed in the domain.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'HH:MM' (or 'HH:MM:SS') → minutes since midnight. */
export function minutesOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) throw new Error(`not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight → 'HH:MM'. */
export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The Tokyo calendar date ('YYYY-MM-DD') and minute of day of an instant. */
export function tokyoDateTime(instant: Date): { date: string; minute: number } {
  const shifted = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  const date = shifted.toISOString().slice(0, 10);
  return { date, minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** The instant at which a Tokyo date and minute of day begins. */
export function tokyoInstant(date: string, minute: number): Date {
  return new Date(Date.parse(`${date}T00:00:00+09:00`) + minute * 60_000);
}
