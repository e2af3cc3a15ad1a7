import { describe, expect, it } from 'vitest';
import { shiftPay } from './sales-csv.server';

describe('payroll lines of the shifts CSV', () => {
  it('pays the minutes worked at the hourly wage, rounded down to the yen', () => {
    expect(shiftPay('09:00', '17:30', 1100)).toEqual({ minutes: 510, hours: 8.5, pay: 9350 });
    expect(shiftPay('10:00', '10:50', 1075)).toEqual({ minutes: 50, hours: 0.83, pay: 895 });
  });

  it('leaves the pay empty without a wage, and never pays a shift that ends before it starts', () => {
    expect(shiftPay('09:00', '12:00', null)).toEqual({ minutes: 180, hours: 3, pay: null });
    expect(shiftPay('12:00', '09:00', 1000)).toEqual({ minutes: 0, hours: 0, pay: 0 });
  });
});
