import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDate, type BusinessDay, type MenuRules } from '@moncafe/domain/seating/availability';
import { tokyoInstant } from '@moncafe/domain/calendar/dates';
import { checkDetail } from '@moncafe/domain/reservation/detail';
import { callJson } from '#app/http/api-client';
import { dateRefusalMessage, detailProblemMessage, reservationTexts } from './texts';
import { confirmState } from '#app/routes/confirm-reservation/route';
import { executeErrorMessage } from '#app/routes/reservation/cancel/route';

/**
 * Every message of customer-site.md §5 and §8 the reservation flow shows, produced from the
 * rule that causes it and compared character for character with the spec.
 */
const open: BusinessDay = { closed: false, openTime: '10:00', closeTime: '20:00' };
const now = tokyoInstant('2026-12-10', 16 * 60);
const cake: MenuRules = { menuId: 'm1', name: 'バースデーケーキコース', deadlineDaysBefore: 3, deadlineTime: '18:00', durationMinutes: 120 };
const tea: MenuRules = { menuId: 'm2', name: 'アフタヌーンティーセット', deadlineDaysBefore: 1, deadlineTime: '20:00', durationMinutes: 90 };
const message = (input: Parameters<typeof checkDate>[0]) => {
  const refusal = checkDate(input);
  if (!refusal) throw new Error('expected a refusal');
  return dateRefusalMessage(refusal);
};

describe('§5 date checks, in order', () => {
  const sameDay = { isEnabled: true, deadlineTime: '15:00' };
  it('closed day', () => {
    expect(message({ date: '2026-12-16', now, day: { closed: true, openTime: null, closeTime: null }, sameDay, menus: [] })).toBe(
      '2026-12-16 は定休日のため予約できません',
    );
  });
  it('same day disabled, past its deadline, and business over', () => {
    expect(message({ date: '2026-12-10', now, day: open, sameDay: { isEnabled: false, deadlineTime: null }, menus: [] })).toBe(
      '当日予約は現在無効になっています',
    );
    expect(message({ date: '2026-12-10', now, day: open, sameDay, menus: [] })).toBe('当日予約の締切時刻（15:00）を過ぎています');
    expect(
      message({ date: '2026-12-10', now: tokyoInstant('2026-12-10', 20 * 60 + 5), day: open, sameDay: { isEnabled: true, deadlineTime: null }, menus: [] }),
    ).toBe('本日の営業は終了しました');
  });
  it('menu deadlines, several joined by 、', () => {
    expect(message({ date: '2026-12-11', now: tokyoInstant('2026-12-10', 20 * 60 + 1), day: open, sameDay, menus: [cake, tea] })).toBe(
      'バースデーケーキコースの予約は3日前の18:00までです、アフタヌーンティーセットの予約は1日前の20:00までです',
    );
  });
  it('a date before the minimum date', () => {
    expect(message({ date: '2026-12-09', now, day: open, sameDay, menus: [] })).toBe('2026-12-09 は過去の日付のため予約できません');
  });
  it('option entry: a visible required option left empty', () => {
    const { problems } = checkDetail(
      [{ optionId: '9', menuId: 'm1', label: 'ドリンクの種類', type: 'select', required: true, choices: [{ id: 'tea', label: '紅茶', extraPrice: 0 }] }],
      [],
      {},
    );
    expect(problems.map(detailProblemMessage)).toEqual(['ドリンクの種類は必須です']);
  });
});

describe('§8 messages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('429 answers carry the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 429 })),
    );
    expect((await callJson('/api/customery-day/available-times', { body: {} })).message).toBe('リクエストが多すぎます。しばらく待ってから再試行してください。');
  });

  it('three 502s on one URL within 5 seconds give the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('bad gateway', { status: 502 })),
    );
    const url = '/api/customery-day/available-dates';
    expect((await callJson(url, { body: {} })).message).toBeNull();
    expect((await callJson(url, { body: {} })).message).toBeNull();
    expect((await callJson(url, { body: {} })).message).toBe('サーバーエラーが発生しています。しばらく時間をおいてから再試行してください。');
  });

  it('day screen, allocation and session texts are the spec words', () => {
    expect(reservationTexts.datesError).toBe('空席確認中にエラーが発生しました。しばらく時間をおいてから再試行してください。');
    expect(reservationTexts.timesError).toBe('時間取得中にエラーが発生しました。しばらく時間をおいてから再試行してください。');
    expect(reservationTexts.deadlineError).toBe('締切時間の取得中にエラーが発生しました。しばらく時間をおいてから再試行してください。');
    expect(reservationTexts.seatsFull).toBe('申し訳ありません。その時間は満席になりました。別の時間をお選びください。');
    expect(reservationTexts.allocateFailed).toBe('その時間帯は現在予約できません。他の時間を選択してください。');
    expect(reservationTexts.cartEmpty).toBe('カートは空です');
    expect(reservationTexts.proceedToDay).toBe('日付と詳細記入に進む');
    expect(reservationTexts.next).toBe('次へ（詳細入力へ）');
  });

  it('confirm page: expired card for a 400 with expiry wording, the other errors by status', () => {
    expect(confirmState(400, { success: false, error: 'リンクの有効期限が切れています。' })).toEqual({ kind: 'expired' });
    expect(confirmState(400, { success: false, error: '不正な要求' })).toEqual({ kind: 'error', message: '不正な要求' });
    expect(confirmState(404, {})).toEqual({ kind: 'error', message: reservationTexts.notFoundOrExpired });
    expect(confirmState(500, {})).toEqual({ kind: 'error', message: reservationTexts.serverErrorLater });
    expect(confirmState(0, {})).toEqual({ kind: 'error', message: reservationTexts.networkError });
    expect(confirmState(418, {})).toEqual({ kind: 'error', message: reservationTexts.fetchFailed });
  });

  it('cancel page: the server message first, else by status', () => {
    expect(executeErrorMessage(404, 'サーバーの言葉')).toBe('サーバーの言葉');
    expect(executeErrorMessage(400, undefined)).toBe(reservationTexts.notCancellable);
    expect(executeErrorMessage(404, undefined)).toBe(reservationTexts.reservationNotFound);
    expect(executeErrorMessage(401, undefined)).toBe(reservationTexts.authError);
    expect(executeErrorMessage(503, undefined)).toBe(reservationTexts.serverError);
  });
});
