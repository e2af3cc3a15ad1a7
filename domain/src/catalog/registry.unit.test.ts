import { describe, expect, it } from 'vitest';
import { canonicalRecordId, catalogKinds, isCatalogKind, nameFieldsOf } from './registry';

describe('the catalog registry', () => {
  it('holds every kind events were written for, under the same name, wherever its context keeps it', () => {
    expect([...catalogKinds].sort()).toEqual(
      [
        'store',
        'seat',
        'menu',
        'menu-option',
        'option-dependency',
        'business-hours',
        'same-day-settings',
        'homepage-card',
        'notice',
        'recruit-times',
        'store-staff',
        'checklist-task',
        'order-rule',
        'supplier',
        'purchase-item',
        'recipe',
        'serve-method',
        'tax',
        'cost-line',
        'disclaimer',
        'notification-settings',
        'order-limits',
        'labour',
        'discount-presets',
      ].sort(),
    );
    expect(isCatalogKind('recipe')).toBe(true);
    expect(isCatalogKind('toString')).toBe(false);
  });

  it('gives the id a record must have where its data decides it, and none elsewhere', () => {
    expect(
      canonicalRecordId('tax', {
        store_id: '2',
        rate_percent: 10,
        rounding: 'floor',
        prices_include_tax: false,
        reduced_rate_percent: 8,
        next_rates: null,
        issuer_name: '',
        registration_number: null,
      }),
    ).toBe('2');
    expect(canonicalRecordId('store-staff', { store_id: '2', account_id: 'a1', wage: null, display_order: 0 })).toBe('2:a1');
    expect(canonicalRecordId('business-hours', { rule: 'holiday', store_id: '2', open_time: null, close_time: null, is_closed: true })).toBe('2-holiday');
    expect(canonicalRecordId('order-rule', { store_id: '2', rule_content: '前日までに', display_order: 0 })).toBeNull();
  });

  it('knows which fields of a kind are names an admin types', () => {
    expect(nameFieldsOf('supplier')).toEqual(['supplier_name', 'login_id']);
    expect(nameFieldsOf('order-rule')).toEqual([]);
  });
});
