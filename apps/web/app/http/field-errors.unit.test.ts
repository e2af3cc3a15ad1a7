import { describe, expect, it } from 'vitest';
import { parseRecord, type CatalogIssue } from '@moncafe/domain/catalog/decider';
import type { DomainError } from '@moncafe/domain/decider';
import { catalogIssueText } from './field-errors';

const seat = { store_id: '2', name: 'テーブルA', max_people: 4, adjacent_seat_ids: [] };

/** The first problem the catalog finds with a seat record. */
function problemOf(data: unknown): CatalogIssue {
  try {
    parseRecord('seat', 'seat-a', data);
  } catch (error) {
    return ((error as DomainError).details.issues as CatalogIssue[])[0]!;
  }
  throw new Error('the record was accepted');
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

  it('keeps a schema’s own words as they are', () => {
    expect(catalogIssueText({ path: ['close_time'], message: '閉店時刻は開店時刻より後にしてください' })).toBe('閉店時刻は開店時刻より後にしてください');
  });
});
