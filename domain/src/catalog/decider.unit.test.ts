import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { catalogDecider, parseRecord, type CatalogIssue } from './decider';
import { parseCatalogEvent, type CatalogEvent, type RecordSaved } from './events';
import type { SeatData } from './kinds';

const spec = deciderSpecification(catalogDecider);

const seatInput = { store_id: '2', name: 'テーブルA', max_people: 4, adjacent_seat_ids: ['seat-b'] };
const seatData: SeatData = {
  store_id: '2',
  name: 'テーブルA',
  max_people: 4,
  reservation_hold_minutes: 90,
  is_reservable: true,
  adjacent_seat_ids: ['seat-b'],
  display_order: 0,
  is_active: true,
};
const seatSaved: CatalogEvent = { type: 'RecordSaved', data: { kind: 'seat', id: 'seat-a', data: seatData } };
const seatRemoved: CatalogEvent = { type: 'RecordRemoved', data: { kind: 'seat', id: 'seat-a' } };

const hasCode =
  (code: string, check: (e: DomainError) => boolean = () => true) =>
  (e: Error) =>
    e instanceof DomainError && e.code === code && check(e);

describe('catalog record', () => {
  describe('when it does not exist', () => {
    it('saves valid data with the schema defaults filled in', () => {
      spec.given([]).when({ type: 'SaveRecord', kind: 'seat', id: 'seat-a', data: seatInput }).then([seatSaved]);
    });

    it('refuses data that does not match the kind’s schema, listing the zod issues', () => {
      spec
        .given([])
        .when({ type: 'SaveRecord', kind: 'seat', id: 'seat-a', data: { ...seatInput, max_people: 0 } })
        .thenThrows(
          hasCode('invalid_record', (e) => {
            const issues = e.details.issues as { path: unknown[] }[];
            return issues.some((i) => i.path.join('.') === 'max_people');
          }),
        );
    });

    it('names the failed check of a field the schema gives no words for, for the edge to word in the screen’s language', () => {
      const issuesOf = (data: unknown) => {
        try {
          parseRecord('seat', 'seat-a', data);
        } catch (error) {
          return (error as DomainError).details.issues as CatalogIssue[];
        }
        throw new Error('accepted');
      };
      const tooSmall = issuesOf({ ...seatInput, max_people: 0 }).find((i) => i.path.join('.') === 'max_people');
      expect(tooSmall?.check).toMatchObject({ code: 'too_small', origin: 'number', minimum: 1 });
      const { max_people: _gone, ...withoutPeople } = seatInput as Record<string, unknown>;
      expect(issuesOf(withoutPeople).find((i) => i.path.join('.') === 'max_people')?.check).toMatchObject({ code: 'invalid_type', missing: true });
      expect(issuesOf({ ...seatInput, max_people: 'many' }).find((i) => i.path.join('.') === 'max_people')?.check).toMatchObject({
        code: 'invalid_type',
        missing: false,
      });
    });

    it('names a rule that spans fields by its code, with no words of its own, for the edge to word', () => {
      const option = { menu_id: 'menu-1', label: 'サイズ', type: 'radio' };
      const duplicate = {
        ...option,
        choices: [
          { id: 'size', label: '小' },
          { id: 'size', label: '大' },
        ],
      };
      const refusal = (() => {
        try {
          parseRecord('menu-option', 'opt-a', duplicate);
        } catch (error) {
          return error as DomainError;
        }
        throw new Error('accepted');
      })();
      expect(refusal.details.issues).toEqual([{ path: ['choices'], message: 'choice_ids_unique', check: { code: 'custom', rule: 'choice_ids_unique' } }]);
      // The log still says which rule.
      expect(refusal.message).toBe('invalid menu-option opt-a: choices: choice_ids_unique');
    });

    it('refuses an id that would break the stream name', () => {
      spec.given([]).when({ type: 'SaveRecord', kind: 'seat', id: 'seat a/1', data: seatInput }).thenThrows(hasCode('invalid_record'));
    });

    it('refuses to remove it', () => {
      spec.given([]).when({ type: 'RemoveRecord', kind: 'seat', id: 'seat-a' }).thenThrows(hasCode('not_found'));
    });
  });

  describe('when saved', () => {
    it('does nothing when the same data is saved again, in any key order', () => {
      const reordered = { adjacent_seat_ids: ['seat-b'], max_people: 4, name: 'テーブルA', store_id: '2', display_order: 0 };
      spec.given([seatSaved]).when({ type: 'SaveRecord', kind: 'seat', id: 'seat-a', data: reordered }).thenNothingHappens();
    });

    it('replaces the data when it changes', () => {
      spec
        .given([seatSaved])
        .when({ type: 'SaveRecord', kind: 'seat', id: 'seat-a', data: { ...seatInput, max_people: 6 } })
        .then([{ type: 'RecordSaved', data: { kind: 'seat', id: 'seat-a', data: { ...seatData, max_people: 6 } } }]);
    });

    it('removes it', () => {
      spec.given([seatSaved]).when({ type: 'RemoveRecord', kind: 'seat', id: 'seat-a' }).then([seatRemoved]);
    });
  });

  describe('when removed', () => {
    it('refuses to remove it again', () => {
      spec.given([seatSaved, seatRemoved]).when({ type: 'RemoveRecord', kind: 'seat', id: 'seat-a' }).thenThrows(hasCode('not_found'));
    });

    it('saves it again, even with the data it had', () => {
      spec.given([seatSaved, seatRemoved]).when({ type: 'SaveRecord', kind: 'seat', id: 'seat-a', data: seatInput }).then([seatSaved]);
    });
  });
});

describe('catalog kinds', () => {
  const save = (kind: Parameters<typeof catalogDecider.decide>[0]['kind'], id: string, data: unknown) =>
    catalogDecider.decide({ type: 'SaveRecord', kind, id, data }, catalogDecider.initialState());
  const refused = (kind: Parameters<typeof save>[0], id: string, data: unknown) =>
    expect(() => save(kind, id, data)).toThrow(expect.objectContaining({ code: 'invalid_record' }));

  it('business hours: ids follow the rule, so a store cannot have two Monday rules', () => {
    const monday = { rule: 'weekday', store_id: '2', weekday: 1, open_time: '10:00', close_time: '20:00' };
    expect(save('business-hours', '2-weekday-1', monday)).toHaveLength(1);
    refused('business-hours', 'monday-again', monday);
    expect(save('business-hours', '2-2026-12-31', { rule: 'date', store_id: '2', date: '2026-12-31', is_closed: true })).toHaveLength(1);
    expect(save('business-hours', '2-holiday', { rule: 'holiday', store_id: '2', open_time: '11:00', close_time: '18:00' })).toHaveLength(1);
  });

  it('business hours: an open day needs both times, in order, and a real date', () => {
    refused('business-hours', '2-weekday-1', { rule: 'weekday', store_id: '2', weekday: 1, open_time: '10:00' });
    refused('business-hours', '2-weekday-1', { rule: 'weekday', store_id: '2', weekday: 1, open_time: '20:00', close_time: '10:00' });
    refused('business-hours', '2-weekday-7', { rule: 'weekday', store_id: '2', weekday: 7, is_closed: true });
    refused('business-hours', '2-2026-02-30', { rule: 'date', store_id: '2', date: '2026-02-30', is_closed: true });
    refused('business-hours', '2-weekday-1', { rule: 'weekday', store_id: '2', weekday: 1, open_time: '9:00', close_time: '20:00' });
  });

  it('same-day settings: one record per store, keyed by the store id', () => {
    expect(save('same-day-settings', '2', { store_id: '2', is_enabled: true, deadline_time: '15:00' })).toHaveLength(1);
    refused('same-day-settings', 'x', { store_id: '2', is_enabled: true });
  });

  it('menu: deadlines come in pairs and prices are whole yen', () => {
    const course = { store_id: '2', name: 'バースデーケーキコース', price: 4500, show_on_reservation: true };
    const [event] = save('menu', 'course-1', { ...course, deadline_days_before: 3, deadline_time: '18:00' }) as RecordSaved[];
    expect(event?.data.data).toMatchObject({ deadline_days_before: 3, deadline_time: '18:00', show_on_menu: true, category: null });
    refused('menu', 'course-1', { ...course, deadline_days_before: 3 });
    refused('menu', 'course-1', { ...course, price: 12.5 });
    refused('menu', 'course-1', { ...course, image_url: 'javascript:alert(1)' });
  });

  it('menu options: radio and select need distinct choices', () => {
    const option = { menu_id: 'course-1', label: 'ケースの種類', type: 'radio', required: true };
    refused('menu-option', '4', option);
    refused('menu-option', '4', {
      ...option,
      choices: [
        { id: 'a', label: '箱' },
        { id: 'a', label: '袋' },
      ],
    });
    const [event] = save('menu-option', '4', { ...option, choices: [{ id: 'box', label: '箱' }] }) as RecordSaved[];
    expect(event?.data.data).toMatchObject({ choices: [{ id: 'box', label: '箱', extra_price: 0 }] });
    expect(save('menu-option', '10', { menu_id: 'course-1', label: '印刷用画像', type: 'image' })).toHaveLength(1);
  });

  it('option dependencies: need a parent value and two different options', () => {
    const dep = { menu_id: 'course-1', parent_option_id: '5', child_option_id: '8' };
    refused('option-dependency', 'd1', dep);
    refused('option-dependency', 'd1', { ...dep, child_option_id: '5', parent_choice_value: 'yes' });
    refused('option-dependency', 'd1', { ...dep, parent_choice_value: 'yes', is_show: 2 });
    expect(save('option-dependency', 'd1', { ...dep, parent_choice_value: 'yes' })).toHaveLength(1);
  });

  it('homepage cards: links are site paths or http(s) URLs', () => {
    expect(save('homepage-card', 'c1', { card_type: 'other', link_url: '/reservation', title: '予約' })).toHaveLength(1);
    expect(save('homepage-card', 'c2', { card_type: 'other', link_url: 'https://example.jp/', title: '外部' })).toHaveLength(1);
    refused('homepage-card', 'c3', { card_type: 'other', link_url: '//evil.example/', title: 'x' });
    refused('homepage-card', 'c3', { card_type: 'banner', title: 'x' });
  });

  it('stores and notices validate their fields', () => {
    expect(save('store', '2', { name: 'MonCafe', address: '東京都', phone: '03-1234-5678' })).toHaveLength(1);
    refused('store', '2', { name: 'MonCafe', address: '東京都', phone: 'call us' });
    // The address is printed on receipts and mails as one line.
    refused('store', '2', { name: 'MonCafe', address: '東京都\r\nBcc: x@example.jp', phone: '03-1234-5678' });
    refused('store', '2', { name: 'MonCafe', address: '\u202E東京都', phone: '03-1234-5678' });
    expect(save('notice', 'n1', { content: 'キャンセル後の取り消しはできません。' })).toHaveLength(1);
    refused('notice', 'n1', { content: '' });
  });
});

describe('reading recorded events', () => {
  it('ignores other contexts’ events and fills in defaults added since an event was written', () => {
    expect(parseCatalogEvent({ type: 'SeatsHeld', data: {} })).toBeNull();
    expect(parseCatalogEvent({ type: 'RecordSaved', data: { kind: 'recipe-from-the-future', id: 'x', data: {} } })).toBeNull();
    const old = { store_id: '2', name: 'テーブルA', max_people: 4 };
    expect(parseCatalogEvent({ type: 'RecordSaved', data: { kind: 'seat', id: 'seat-a', data: old } })).toEqual({
      type: 'RecordSaved',
      data: { kind: 'seat', id: 'seat-a', data: { ...seatData, adjacent_seat_ids: [] } },
    });
  });
});
