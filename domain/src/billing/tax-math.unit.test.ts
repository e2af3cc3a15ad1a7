import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corporateCheckDigit, isRegistrationNumber } from './registration-number';
import { billTotals, ratesOn, splitEqually, summed, type Rounding, type StoreRates, type TaxableLine } from './tax-math';

/** The reference: BigInt arithmetic, grouping by rate written out again, rounding once per rate. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  if (rounding === 'floor' || r === 0n) return q;
  if (rounding === 'ceil') return q + 1n;
  return 2n * r >= denominator ? q + 1n : q;
}

function reference(lines: readonly TaxableLine[], rates: StoreRates) {
  const sums = new Map<string, bigint>();
  for (const l of lines) {
    const reduced = l.taxCategory === 'reduced' && l.takeout;
    const rate = reduced ? rates.reducedPercent : rates.standardPercent;
    const key = `${reduced}:${rate}`;
    sums.set(key, (sums.get(key) ?? 0n) + BigInt(l.unitPrice) * BigInt(l.quantity));
  }
  return [...sums.entries()].map(([key, amount]) => {
    const [reduced, rate] = key.split(':');
    const r = BigInt(rate!);
    const tax = rates.pricesIncludeTax ? divide(amount * r, 100n + r, rates.rounding) : divide(amount * r, 100n, rates.rounding);
    const total = rates.pricesIncludeTax ? amount : amount + tax;
    return { reduced: reduced === 'true', ratePercent: Number(rate), tax: Number(tax), total: Number(total) };
  });
}

const line = fc.record({
  name: fc.constantFrom('ケーキ', 'コーヒー', 'ビール', 'マグカップ'),
  quantity: fc.integer({ min: 1, max: 20 }),
  unitPrice: fc.integer({ min: 0, max: 100_000 }),
  taxCategory: fc.constantFrom('standard' as const, 'reduced' as const, 'never_reduced' as const),
  takeout: fc.boolean(),
});
const rates = fc.record({
  standardPercent: fc.integer({ min: 0, max: 30 }),
  reducedPercent: fc.integer({ min: 0, max: 30 }),
  rounding: fc.constantFrom('floor' as const, 'round' as const, 'ceil' as const),
  pricesIncludeTax: fc.boolean(),
});
const byKey = <T extends { reduced: boolean; ratePercent: number }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.reduced}${a.ratePercent}`.localeCompare(`${b.reduced}${b.ratePercent}`));

describe('tax by rate (issue 30)', () => {
  it('per-rate totals and taxes equal an integer reference that rounds once per rate, for any lines, mix and price style', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), rates, (lines, r) => {
        const bill = billTotals(lines, r);
        expect(byKey(bill.totalsByRate.map(({ reduced, ratePercent, tax, total }) => ({ reduced, ratePercent, tax, total })))).toEqual(
          byKey(reference(lines, r)),
        );
        for (const t of bill.totalsByRate) expect(t.base + t.tax).toBe(t.total);
        expect(bill.total).toBe(bill.totalsByRate.reduce((s, t) => s + t.total, 0));
        expect(bill.total).toBe(r.pricesIncludeTax ? bill.subtotal : bill.subtotal + bill.tax);
      }),
    );
  });

  it('the parts of an equal split add up to the bill, rate by rate, the remainder on the first', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), rates, fc.integer({ min: 2, max: 12 }), (lines, r, n) => {
        const bill = billTotals(lines, r);
        const parts = splitEqually(bill.totalsByRate, n);
        expect(parts).toHaveLength(n);
        bill.totalsByRate.forEach((rate, i) => {
          expect(parts.reduce((s, p) => s + p[i]!.total, 0)).toBe(rate.total);
          expect(parts.reduce((s, p) => s + p[i]!.tax, 0)).toBe(rate.tax);
          for (const p of parts.slice(1)) expect(p[i]!.total).toBe(Math.floor(rate.total / n));
        });
      }),
    );
  });

  it('a split by items: the visit total is the sum of its parts, each part rounded once per rate', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 20 }), rates, (assigned, r) => {
        const parts = [0, 1, 2, 3].map((p) =>
          billTotals(
            assigned.filter(([, to]) => to === p).map(([l]) => l),
            r,
          ),
        );
        for (const [p, part] of parts.entries()) {
          const own = assigned.filter(([, to]) => to === p).map(([l]) => l);
          expect(byKey(part.totalsByRate.map(({ reduced, ratePercent, tax, total }) => ({ reduced, ratePercent, tax, total })))).toEqual(
            byKey(reference(own, r)),
          );
        }
        const whole = summed(
          parts.flatMap((p) => p.lines),
          parts.flatMap((p) => p.totalsByRate),
        );
        expect(whole.total).toBe(parts.reduce((s, p) => s + p.total, 0));
      }),
    );
  });

  it('a cake taken away is at 8%, a coffee eaten in and a beer taken away at 10%, 切り捨て', () => {
    const bill = billTotals(
      [
        { name: 'ケーキ', quantity: 1, unitPrice: 555, taxCategory: 'reduced', takeout: true },
        { name: 'コーヒー', quantity: 1, unitPrice: 455, taxCategory: 'reduced', takeout: false },
        { name: 'ビール', quantity: 1, unitPrice: 600, taxCategory: 'never_reduced', takeout: true },
      ],
      { standardPercent: 10, reducedPercent: 8, rounding: 'floor', pricesIncludeTax: false },
    );
    expect(bill.totalsByRate).toEqual([
      { ratePercent: 10, reduced: false, base: 1055, tax: 105, total: 1160 },
      { ratePercent: 8, reduced: true, base: 555, tax: 44, total: 599 },
    ]);
    expect(bill.total).toBe(1759);
  });

  it('a rate change entered ahead applies from its day', () => {
    const rule = {
      ratePercent: 10,
      reducedRatePercent: 8,
      rounding: 'floor' as const,
      pricesIncludeTax: false,
      nextRates: { effective_from: '2027-04-01', rate_percent: 12, reduced_rate_percent: 8 },
    };
    expect(ratesOn(rule, '2027-03-31').standardPercent).toBe(10);
    expect(ratesOn(rule, '2027-04-01').standardPercent).toBe(12);
  });
});

describe('registration numbers', () => {
  it('T and 13 digits whose first is the corporate-number check digit', () => {
    expect(isRegistrationNumber('T1180301018771')).toBe(true);
    expect(isRegistrationNumber('T2180301018771')).toBe(false);
    expect(isRegistrationNumber('1180301018771')).toBe(false);
    expect(isRegistrationNumber('T118030101877')).toBe(false);
    fc.assert(fc.property(fc.stringMatching(/^\d{12}$/), (base) => isRegistrationNumber(`T${corporateCheckDigit(base)}${base}`)));
  });
});
