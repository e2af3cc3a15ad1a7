import { checkDetail, describeDetail, type DependencySpec, type DescribedOption, type OptionSpec } from '@moncafe/domain/reservation/detail';
import type { ReservationDetail } from '@moncafe/domain/reservation/events';
import { totalPrice, type CartLine } from '#app/cart/cart';
import type { ReservedLine } from '@moncafe/domain/reservation/events';
import type { Notice } from '@moncafe/domain/reservation/ports';
import { yenAmount } from '#app/shared/yen';

/**
 * How a reservation's facts read in Japanese, for the confirm and cancel pages and the mails
 * alike (the domain answers facts and codes: domain/src/reservation/summary.ts). Pure, so the
 * browser and the server word a reservation the same way.
 */

/** Shown when the e-mail settings hold no notice, or cannot be read (customer-site.md §8: the two default notices). */
export const DEFAULT_NOTICES: readonly string[] = ['キャンセル後の取り消しはできません。', 'またのご予約を心よりお待ちしております。'];

/** The store's notices as lines (`title：content`), or the default notices when there are none. */
export function noticeTexts(notices: readonly Notice[]): readonly string[] {
  const texts = notices.map((n) => (n.title ? `${n.title}：${n.content}` : n.content));
  return texts.length ? texts : DEFAULT_NOTICES;
}

/** Labels for the historical option ids 4–10 when an option arrives without one (customer-site.md §3). */
const FALLBACK_OPTION_LABELS: Record<string, string> = {
  '4': 'ケースの種類',
  '5': 'ケーキの色',
  '6': 'リボンの色',
  '7': 'メッセージ文字の色',
  '8': 'メッセージ',
  '9': 'ドリンクの種類',
  '10': 'プリント用画像',
};

/** What an image option's value is shown as in mails and on the confirm page. */
const IMAGE_PRESENT = '画像あり';

export function optionLabel(option: Pick<DescribedOption, 'optionId' | 'label'>): string {
  return option.label ?? FALLBACK_OPTION_LABELS[option.optionId] ?? option.optionId;
}

/** The details as label/value lines: choice labels with their extra price, '画像あり' for pictures, fallback labels for ids 4–10. */
export function optionLines(options: readonly DescribedOption[]): { label: string; value: string }[] {
  return options.map((option) => {
    const shown = option.values.map((v) => (v.kind === 'image' ? IMAGE_PRESENT : v.kind === 'choice' ? v.label : v.text));
    return { label: optionLabel(option), value: [...new Set(shown)].join('、') + (option.extraPrice ? `（+${yenAmount(option.extraPrice)}）` : '') };
  });
}

/** The pictures among the details, each with its option's label. */
export function optionPictures(options: readonly DescribedOption[]): { label: string; imageId: string }[] {
  return options.flatMap((option) =>
    option.values.flatMap((v) => (v.kind === 'image' && v.imageId ? [{ label: optionLabel(option), imageId: v.imageId }] : [])),
  );
}

/** The courses as one line: `name × quantity` for more than one, joined with '、'. */
export function courseNames(lines: readonly Pick<ReservedLine, 'name' | 'quantity'>[]): string {
  return lines.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join('、');
}

/** The store's name; the product's when the store has been removed since. */
export function storeNameOf(name: string | null): string {
  return name ?? 'MonCafe';
}

/** The store's address as one line (`〒100-0005 東京都…`); empty when the store is gone (decision 407). */
export function storeAddressOf(contact: { postalCode: string | null; address: string } | null): string {
  if (!contact) return '';
  return `${contact.postalCode ? `〒${contact.postalCode} ` : ''}${contact.address}`;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 2026-12-20 → 2026年12月20日（日） */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${y}年${m}月${d}日（${weekday}）`;
}

/**
 * What the guest is about to send, as the review step and the summary show it: course lines
 * with subtotals, the options with their extra prices (only the visible ones count, as on the
 * server), and the total — worked out by the same rules the booking service prices with.
 */
export function reviewOf(
  cart: readonly CartLine[],
  spec: { options: readonly OptionSpec[]; dependencies: readonly DependencySpec[] },
  detail: ReservationDetail,
) {
  const checked = checkDetail(spec.options, spec.dependencies, detail);
  return {
    lines: cart.map((l) => ({ menuId: l.menu_id, name: l.name, quantity: l.quantity, subtotal: l.price * l.quantity })),
    options: optionLines(describeDetail(spec.options, checked.detail)),
    optionsPrice: checked.extraPrice,
    total: totalPrice(cart) + checked.extraPrice,
  };
}

export type Review = ReturnType<typeof reviewOf>;

/**
 * Why a day of the booking calendar can or cannot be booked, for its mark, its spoken name and
 * the legend: closed (business hours), past, too late for the cart's courses (before their
 * deadline's first date, or today once same-day booking is over), full (open, in time, but no
 * time fits the party), or available.
 */
export type DayState = 'available' | 'closed' | 'full' | 'too_late' | 'past';

export function dayStateOf(day: { date: string; isClosed: boolean }, facts: { today: string; minDate: string; available: ReadonlySet<string> }): DayState {
  if (day.isClosed) return 'closed';
  if (day.date < facts.today) return 'past';
  if (facts.available.has(day.date)) return day.date < facts.minDate ? 'too_late' : 'available';
  if (day.date < facts.minDate || day.date === facts.today) return 'too_late';
  return 'full';
}
