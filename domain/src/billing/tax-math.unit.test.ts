import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corporateCheckDigit, isRegistrationNumber } from './registration-number';
import {
  discountShares,
  allocate,
  billTotals,
  changeFor,
  ratesOn,
  shownPrices,
  shownUnitPrice,
  splitByItems,
  splitEqually,
  type BillDiscount,
  type Rounding,
  type StoreRates,
  type TaxableLine,
} from './tax-math';

/** The reference: BigInt arithmetic, grouping by rate written out again, rounding once per rate. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  if (rounding === 'floor' || r === 0n) return q;
  if (rounding === 'ceil') return q + 1n;
  return 2n * r >= denominator ? q + 1n : q;
}

/** The price a guest is shown, written out again in BigInt. */
function shown(l: TaxableLine, rates: StoreRates): { rate: number; reduced: boolean; unit: bigint } {
  const reduced = l.taxCategory === 'reduced' && l.takeout;
  const rate = reduced ? rates.reducedPercent : rates.standardPercent;
  const unit = rates.pricesIncludeTax ? BigInt(l.unitPrice) : divide(BigInt(l.unitPrice) * BigInt(100 + rate), 100n, rates.rounding);
  return { rate, reduced, unit };
}

function reference(lines: readonly TaxableLine[], rates: StoreRates) {
  const sums = new Map<string, bigint>();
  for (const l of lines) {
    const { rate, reduced, unit } = shown(l, rates);
    const key = `${reduced}:${rate}`;
    sums.set(key, (sums.get(key) ?? 0n) + unit * BigInt(l.quantity));
  }
  return [...sums.entries()].map(([key, amount]) => {
    const [reduced, rate] = key.split(':');
    const r = BigInt(rate!);
    const tax = divide(amount * r, 100n + r, rates.rounding);
    return { reduced: reduced === 'true', ratePercent: Number(rate), tax: Number(tax), total: Number(amount) };
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

describe('tax by rate', () => {
  it('per-rate totals and taxes equal an integer reference: shown prices summed, the tax of each rate rounded once, for any lines, mix and price setting', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), rates, (lines, r) => {
        const bill = billTotals(lines, r);
        expect(byKey(bill.totalsByRate.map(({ reduced, ratePercent, tax, total }) => ({ reduced, ratePercent, tax, total })))).toEqual(
          byKey(reference(lines, r)),
        );
        for (const t of bill.totalsByRate) expect(t.base + t.tax).toBe(t.total);
        expect(bill.total).toBe(bill.totalsByRate.reduce((s, t) => s + t.total, 0));
        expect(bill.total).toBe(bill.subtotal);
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

describe('the one tax function (decision 500)', () => {
  const without: StoreRates = { standardPercent: 10, reducedPercent: 8, rounding: 'floor', pricesIncludeTax: false };
  const within: StoreRates = { ...without, pricesIncludeTax: true };

  it('a 500円 coffee entered without tax is shown 550円 eaten in and 540円 taken away; entered with tax it is shown as entered', () => {
    expect(shownPrices(500, 'reduced', without)).toEqual({ eatIn: 550, takeout: 540 });
    expect(shownPrices(500, 'never_reduced', without)).toEqual({ eatIn: 550, takeout: 550 });
    expect(shownPrices(550, 'reduced', within)).toEqual({ eatIn: 550, takeout: 550 });
    expect(shownUnitPrice(455, without, 10)).toBe(500);
    expect(shownUnitPrice(455, { ...without, rounding: 'ceil' }, 10)).toBe(501);
  });

  const discount: fc.Arbitrary<BillDiscount> = fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }), lines: fc.constant(null) }),
    fc.record({ kind: fc.constant('yen' as const), value: fc.integer({ min: 1, max: 3_000 }), lines: fc.constant(null) }),
    fc.record({
      kind: fc.constantFrom('percent' as const, 'yen' as const),
      value: fc.integer({ min: 1, max: 100 }),
      lines: fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 3 }),
    }),
  );

  /** A cart, its discounts (those the bill can take, in turn), and a split of its items into 1–4 parts. */
  const cart = fc
    .record({
      lines: fc.array(line, { minLength: 1, maxLength: 10 }),
      rates,
      discounts: fc.array(discount, { maxLength: 3 }),
      to: fc.array(fc.nat({ max: 3 }), { minLength: 10, maxLength: 10 }),
      parts: fc.integer({ min: 2, max: 6 }),
      tendered: fc.nat({ max: 2_000_000 }),
    })
    .map((c) => {
      // Keep the discounts a bill would accept: each on lines it has and not above what it is on.
      const kept: BillDiscount[] = [];
      for (const d of c.discounts) {
        const candidate = d.lines === null ? d : { ...d, lines: d.lines.filter((i) => i < c.lines.length) };
        if (candidate.lines !== null && candidate.lines.length === 0) continue;
        try {
          billTotals(c.lines, c.rates, [...kept, candidate]);
          kept.push(candidate);
        } catch {
          // Refused (above what is left): the property for refusals is its own test.
        }
      }
      return { ...c, discounts: kept };
    });

  it('for any cart, setting, rates, discounts and split: total = shown prices less discounts, parts add up per rate, change = tendered − total', () => {
    fc.assert(
      fc.property(cart, ({ lines, rates: r, discounts, to, parts, tendered }) => {
        const bill = billTotals(lines, r, discounts);
        const shownSum = lines.reduce((s, l) => s + Number(shown(l, r).unit) * l.quantity, 0);
        expect(bill.subtotal).toBe(shownSum);
        expect(bill.total).toBe(shownSum - discounts.reduce((s, _, i) => s + bill.discounts[i]!.amount, 0));
        expect(bill.total).toBe(bill.totalsByRate.reduce((s, t) => s + t.total, 0));
        expect(bill.discount).toBe(bill.discounts.reduce((s, d) => s + d.amount, 0));
        for (const d of bill.discounts) expect(d.byRate.reduce((s, x) => s + x.amount, 0)).toBe(d.amount);
        // Each rate's tax is rounded once, on what that rate comes to after the discounts.
        const round = { floor: Math.floor, round: Math.round, ceil: Math.ceil }[r.rounding];
        for (const t of bill.totalsByRate) {
          expect(t.tax).toBe(round((t.total * t.ratePercent) / (100 + t.ratePercent)));
          expect(t.base + t.tax).toBe(t.total);
        }

        const equal = splitEqually(bill.totalsByRate, parts);
        const items = splitByItems(
          bill,
          [0, 1, 2, 3].map((p) => lines.flatMap((l, i) => (to[i] === p ? [{ line: i, quantity: l.quantity }] : []))).filter((p) => p.length > 0),
        );
        for (const split of [equal, items.map((p) => p.totalsByRate)]) {
          for (const rate of bill.totalsByRate) {
            const same = (x: { ratePercent: number; reduced: boolean }) => x.ratePercent === rate.ratePercent && x.reduced === rate.reduced;
            expect(split.reduce((s, p) => s + p.filter(same).reduce((a, x) => a + x.tax, 0), 0)).toBe(rate.tax);
            expect(split.reduce((s, p) => s + p.filter(same).reduce((a, x) => a + x.total, 0), 0)).toBe(rate.total);
          }
        }
        expect(items.reduce((s, p) => s + p.lines.length, 0)).toBe(lines.length);

        const change = changeFor(bill.total, tendered);
        if (tendered >= bill.total) expect(change).toBe(tendered - bill.total);
        else expect(change).toBeNull();
        for (const part of items) {
          const partChange = changeFor(part.total, tendered);
          expect(partChange === null ? tendered < part.total : partChange === tendered - part.total).toBe(true);
        }
      }),
    );
  });

  it('a whole-bill discount falls on each rate in proportion: 常連 10% of a 550円 coffee and a 540円 cake', () => {
    const bill = billTotals(
      [
        { name: 'コーヒー', quantity: 1, unitPrice: 500, taxCategory: 'reduced', takeout: false },
        { name: 'ケーキ', quantity: 1, unitPrice: 500, taxCategory: 'reduced', takeout: true },
      ],
      without,
      [{ kind: 'percent', value: 10, lines: null }],
    );
    expect(bill.subtotal).toBe(1090);
    expect(bill.discount).toBe(109);
    expect(bill.discounts[0]!.byRate).toEqual([
      { ratePercent: 10, reduced: false, amount: 55 },
      { ratePercent: 8, reduced: true, amount: 54 },
    ]);
    expect(bill.totalsByRate).toEqual([
      { ratePercent: 10, reduced: false, base: 450, tax: 45, total: 495 },
      { ratePercent: 8, reduced: true, base: 450, tax: 36, total: 486 },
    ]);
    expect(bill.total).toBe(981);
  });

  it('a discount above what it is on, or not a whole number above 0, is refused', () => {
    const lines: TaxableLine[] = [{ name: 'コーヒー', quantity: 1, unitPrice: 500, taxCategory: 'reduced', takeout: false }];
    expect(() => billTotals(lines, without, [{ kind: 'yen', value: 551, lines: null }])).toThrow('discount_above_bill');
    expect(() =>
      billTotals(lines, without, [
        { kind: 'yen', value: 550, lines: null },
        { kind: 'yen', value: 1, lines: null },
      ]),
    ).toThrow('discount_above_bill');
    for (const value of [0, -1, 1.5, Number.NaN]) expect(() => billTotals(lines, without, [{ kind: 'yen', value, lines: null }])).toThrow('discount_invalid');
    expect(() => billTotals(lines, without, [{ kind: 'percent', value: 101, lines: null }])).toThrow('discount_invalid');
    expect(() => billTotals(lines, without, [{ kind: 'percent', value: 10, lines: [1] }])).toThrow('discount_invalid');
    expect(billTotals(lines, without, [{ kind: 'yen', value: 550, lines: null }]).total).toBe(0);
  });

  it('a line discount after a whole-bill one is refused when the rate has less left than it: the bill never goes below 0', () => {
    // Shown 39円 and 3円 at 23% (切り上げ): 3% off the whole bill takes 1円, so 42円 off both lines is 1円 too much.
    const rates: StoreRates = { standardPercent: 23, reducedPercent: 0, rounding: 'ceil', pricesIncludeTax: false };
    const lines: TaxableLine[] = [
      { name: 'ケーキ', quantity: 1, unitPrice: 31, taxCategory: 'standard', takeout: false },
      { name: 'ケーキ', quantity: 1, unitPrice: 2, taxCategory: 'standard', takeout: false },
    ];
    const whole: BillDiscount = { kind: 'percent', value: 3, lines: null };
    expect(() => billTotals(lines, rates, [whole, { kind: 'yen', value: 42, lines: [0, 1] }])).toThrow('discount_above_bill');
    expect(billTotals(lines, rates, [whole, { kind: 'yen', value: 41, lines: [0, 1] }]).total).toBe(0);
  });

  it('shares add up exactly, in proportion, the remainder to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [550, 540])).toEqual([5, 5]);
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }), (amount, weights) => {
        expect(allocate(amount, weights).reduce((s, v) => s + v, 0)).toBe(amount);
      }),
    );
  });

  it('a split bill’s parts share each discount in proportion, the shares adding up to it (decision 645)', () => {
    expect(discountShares([{ reason: '常連', amount: 165 }], [1, 1])).toEqual([[{ reason: '常連', amount: 83 }], [{ reason: '常連', amount: 82 }]]);
    expect(discountShares([{ reason: 'クーポン', amount: 100 }], [1100, 0])).toEqual([[{ reason: 'クーポン', amount: 100 }], []]);
    const given = fc.array(fc.record({ reason: fc.constantFrom('常連', 'スタッフ', 'クーポン'), amount: fc.nat({ max: 50_000 }) }), { maxLength: 4 });
    fc.assert(
      fc.property(given, fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 6 }), (discounts, weights) => {
        const shares = discountShares(discounts, weights);
        expect(shares).toHaveLength(weights.length);
        discounts.forEach((d, i) => {
          // Each part's list keeps the discounts' order, leaving out its zero shares.
          const ofThis = shares.map((part) => part.filter((s) => s.reason === d.reason).reduce((n, s) => n + s.amount, 0));
          const sameReason = discounts.filter((o) => o.reason === d.reason).reduce((n, o) => n + o.amount, 0);
          if (discounts.findIndex((o) => o.reason === d.reason) === i) expect(ofThis.reduce((n, a) => n + a, 0)).toBe(sameReason);
        });
        expect(shares.flat().every((s) => s.amount > 0)).toBe(true);
      }),
    );
  });

  it('tendered below the total gives no change', () => {
    expect(changeFor(9_019, 10_000)).toBe(981);
    expect(changeFor(981, 981)).toBe(0);
    expect(changeFor(981, 980)).toBeNull();
  });
});
