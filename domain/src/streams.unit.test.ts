import { describe, expect, it } from 'vitest';
import * as account from './account/events';
import * as catalog from './catalog/events';
import * as checklist from './checklist/events';
import * as reservation from './reservation/events';
import * as seating from './seating/events';
import { streamName } from './streams';

describe('stream names', () => {
  it('split back into the parts they were made of, whatever dashes the ids hold', () => {
    expect(catalog.toStreamName('menu', 'option-1')).toBe('catalog-menu~option-1');
    expect(catalog.toStreamName('menu-option', '1')).toBe('catalog-menu-option~1');
    expect(catalog.fromStreamName('catalog-menu~option-1')).toEqual({ kind: 'menu', id: 'option-1' });
    expect(catalog.fromStreamName('catalog-menu-option~1')).toEqual({ kind: 'menu-option', id: '1' });
    expect(seating.fromStreamName(seating.toStreamName('store-1', '2026-12-20'))).toEqual({ storeId: 'store-1', date: '2026-12-20' });
    expect(reservation.fromStreamName(reservation.toStreamName('0f1e-22'))).toEqual({ reservationId: '0f1e-22' });
    expect(account.fromStreamName(account.toStreamName('a-1'))).toEqual({ accountId: 'a-1' });
  });

  it('keep the category before the first dash, and answer null for another context’s stream', () => {
    expect(seating.toStreamName('2', '2026-12-20').split('-')[0]).toBe('seating');
    expect(account.claimStreamName('email', 'ab').split('-')[0]).toBe('accountclaim');
    expect(reservation.fromStreamName(seating.toStreamName('s', '2026-12-20'))).toBeNull();
    expect(account.fromStreamName(account.claimStreamName('oidc', 'ab'))).toBeNull();
    expect(catalog.fromStreamName('catalog-recipe-from-the-future~x')).toBeNull();
    // A category alone, or followed by anything but its dash, is not a name of that category.
    expect(catalog.fromStreamName('catalog')).toBeNull();
    expect(catalog.fromStreamName('catalog~menu~1')).toBeNull();
    expect(checklist.fromStreamName('checklist-1~opening~2026-12-20')).toEqual({ storeId: '1', list: 'opening', day: '2026-12-20' });
    expect(checklist.fromStreamName('checklist-1~lunch~2026-12-20')).toBeNull();
    expect(checklist.fromStreamName('checklist-1~opening~2026-13-45')).toBeNull();
    expect(checklist.fromStreamName(reservation.toStreamName('r1'))).toBeNull();
  });

  it('refuse a part that holds the separator', () => {
    expect(() => streamName('catalog', 'menu', 'a~b')).toThrow();
    expect(() => streamName('cata-log', 'x')).toThrow();
  });
});
