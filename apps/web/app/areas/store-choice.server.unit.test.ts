import { describe, expect, it } from 'vitest';
import { openingStore } from './store-choice.server';

const east = { store_id: '2', name: '駅前店' };
const west = { store_id: '3', name: '西口公園店' };

describe('the store an area opens on', () => {
  it('is the one the person last chose, while the area offers it', () => {
    expect(openingStore([east, west], '3')).toBe('3');
  });
  it('is the only store of a person on one store’s list, chosen or not', () => {
    expect(openingStore([east], null)).toBe('2');
    expect(openingStore([east], '3')).toBe('2');
  });
  it('is none when several stores are offered and none was chosen, or the chosen one is gone', () => {
    expect(openingStore([east, west], null)).toBeNull();
    expect(openingStore([east, west], '9')).toBeNull();
  });
});
