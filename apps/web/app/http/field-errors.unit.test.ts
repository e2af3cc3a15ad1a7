import { describe, expect, it } from 'vitest';
import { parseRecord, type CatalogIssue } from '@moncafe/domain/catalog/decider';
import { businessHoursSchema, CATALOG_RULES, menuSchema, type CatalogRule } from '@moncafe/domain/catalog/kinds';
import type { CatalogKind } from '@moncafe/domain/catalog/registry';
import type { DomainError } from '@moncafe/domain/decider';
import { menuEditorErrors } from '#app/menu-editor/calls.server';
import { z } from 'zod';
import { timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { catalogIssueText, firstProblem, japaneseIssue } from './field-errors';

const seat = { store_id: '2', name: 'テーブルA', max_people: 4, adjacent_seat_ids: [] };

/** How the catalog refuses a record of a kind. */
function refusalOf(kind: CatalogKind, id: string, data: unknown): DomainError {
  try {
    parseRecord(kind, id, data);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('the record was accepted');
}

/** The first problem the catalog finds with a record (a seat, unless named). */
function problemOf(data: unknown, kind: CatalogKind = 'seat', id = 'seat-a'): CatalogIssue {
  return (refusalOf(kind, id, data).details.issues as CatalogIssue[])[0]!;
}

describe('a catalog record’s problem on a screen', () => {
  it('is worded in Japanese with its field and bound, never in zod’s English', () => {
    expect(catalogIssueText(problemOf({ ...seat, max_people: 0 }))).toBe('「max_people」は1以上で入力してください');
    expect(catalogIssueText(problemOf({ ...seat, max_people: 0 }), '定員')).toBe('「定員」は1以上で入力してください');
    const { max_people: _left, ...missing } = seat;
    expect(catalogIssueText(problemOf(missing))).toBe('「max_people」を入力してください');
    expect(catalogIssueText(problemOf({ ...seat, max_people: 'four' }))).toBe('「max_people」の形式が正しくありません');
  });

  it('names a name broken over lines as a bad format', () => {
    expect(catalogIssueText(problemOf({ ...seat, name: 'テーブル\nA' }))).toBe('「name」の形式が正しくありません');
  });

  it('words a schema’s own English as the field’s bad form, even where the call has no labels', () => {
    const parsed = z.object({ open_time: timeOfDaySchema }).safeParse({ open_time: '25:00' }, { error: japaneseIssue });
    expect(parsed.error?.issues[0]?.message).toBe('HH:MM');
    expect(firstProblem(parsed.error!, 'body')).toEqual({ field: 'open_time', message: '「open_time」の形式が正しくありません' });
    expect(firstProblem(parsed.error!, 'body', { open_time: '開店' })).toEqual({ field: 'open_time', message: '「開店」の形式が正しくありません' });
  });

  it('keeps a schema’s own words as they are', () => {
    expect(catalogIssueText({ path: ['close_time'], message: '閉店時刻は開店時刻より後にしてください' })).toBe('閉店時刻は開店時刻より後にしてください');
  });
});

const option = { menu_id: 'menu-1', label: 'サイズ', type: 'radio' };
const course = { store_id: '2', name: 'ランチコース', price: 3000 };
const dependency = { menu_id: 'menu-1', parent_option_id: 'opt-a', child_option_id: 'opt-b', parent_value: 'ホット' };
const monday = { rule: 'weekday', store_id: '2', weekday: 1 };

/** Each rule of the catalog's kinds that spans fields, a record breaking it, and its words. */
const brokenRules: [rule: CatalogRule, kind: CatalogKind, id: string, data: unknown, words: string][] = [
  [
    'choice_ids_unique',
    'menu-option',
    'opt-a',
    {
      ...option,
      choices: [
        { id: 'size', label: '小' },
        { id: 'size', label: '大' },
      ],
    },
    '選択肢のIDが重複しています',
  ],
  ['choices_needed', 'menu-option', 'opt-a', { ...option, choices: [] }, 'ラジオボタンとプルダウンには選択肢を1つ以上登録してください'],
  ['deadline_pair', 'menu', 'menu-1', { ...course, deadline_days_before: 2 }, '締切の日数と時刻は両方を設定してください'],
  ['parent_value_needed', 'option-dependency', 'dep-1', { ...dependency, parent_value: null }, '表示条件の値を選んでください'],
  ['no_self_dependency', 'option-dependency', 'dep-1', { ...dependency, child_option_id: 'opt-a' }, 'オプションは自分自身を条件にできません'],
  ['open_day_hours', 'business-hours', '2-weekday-1', { ...monday, open_time: '10:00' }, '営業日は開店時刻と閉店時刻を入力してください'],
  ['close_after_open', 'business-hours', '2-weekday-1', { ...monday, open_time: '20:00', close_time: '10:00' }, '閉店時刻は開店時刻より後にしてください'],
  ['end_after_start', 'recruit-times', '2', { store_id: '2', weekend_start: '21:00', weekend_end: '09:00' }, '終了時刻は開始時刻より後にしてください'],
  [
    'registration_number',
    'tax',
    '2',
    { store_id: '2', registration_number: 'T1234567890123' },
    '登録番号は「T」と13桁の数字（検査用数字が正しいもの）で入力してください。',
  ],
  [
    'address_once',
    'notification-settings',
    '2',
    { store_id: '2', recipients: [{ email: 'kitchen@moncafe.example' }, { email: 'Kitchen@moncafe.example' }] },
    '「メールアドレス」が他のお知らせ先と重複しています',
  ],
];

describe('a catalog rule that spans fields, on a screen', () => {
  it.each(brokenRules)('%s is worded in Japanese by the web, never in the domain’s English', (rule, kind, id, data, words) => {
    const issue = problemOf(data, kind, id);
    expect(issue.check).toEqual({ code: 'custom', rule });
    expect(catalogIssueText(issue)).toBe(words);
    expect(catalogIssueText(issue, '選択肢')).toBe(words);
    // No English sentence (an id like "ID" may stand in the words, two English words may not).
    expect(catalogIssueText(issue)).not.toMatch(/[A-Za-z]+[\s_]+[A-Za-z]+/);
  });

  it('refuses an address listed twice at the second address, where the screen shows it', () => {
    const twice = {
      store_id: '2',
      recipients: [{ email: 'kitchen@moncafe.example' }, { email: 'hall@moncafe.example' }, { email: 'KITCHEN@moncafe.example' }],
    };
    expect(problemOf(twice, 'notification-settings', '2').path).toEqual(['recipients', 2, 'email']);
  });

  it('covers every rule', () => {
    expect(brokenRules.map(([rule]) => rule).sort()).toEqual([...CATALOG_RULES].sort());
  });

  it('is worded the same when the edge parses the schema itself', () => {
    const parsed = menuSchema.safeParse({ ...course, deadline_days_before: 2 }, { error: japaneseIssue });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['deadline_time', '締切の日数と時刻は両方を設定してください']]);
    const hours = businessHoursSchema.safeParse({ ...monday, open_time: '20:00', close_time: '10:00' }, { error: japaneseIssue });
    expect(hours.error?.issues[0]?.message).toBe('閉店時刻は開店時刻より後にしてください');
  });

  it('answers the menu editor’s option call with the rule’s words, naming the field', () => {
    const [, kind, id, data] = brokenRules[0]!;
    const invalidRecord = menuEditorErrors.invalid_record;
    const answer = typeof invalidRecord === 'function' ? invalidRecord(refusalOf(kind, id, data), 'ja') : invalidRecord;
    expect(answer).toEqual({ status: 400, error: '選択肢のIDが重複しています', field: 'choices' });
  });
});
