import { describe, expect, it } from 'vitest';
import { summarize } from '@moncafe/domain/reservation/summary';
import { cakeOptions, fixedCatalog, sampleRequest } from '@moncafe/domain/testing/reservation-catalog';
import { DEFAULT_TAX_RULE } from '@moncafe/domain/order/tax';
import { confirmationRequestMail, mailDataOf, reservationMails } from './mails';

/**
 * The booking as the guest is shown it (総額表示, decision 632): with prices entered without tax,
 * the summary behind the mails and the confirm page shows each course's price, each option's
 * extra and the total with tax, eaten in, and the total is what the bill charges at check-in.
 */
describe('the booking shown with tax', () => {
  // 3,000円 a person for two, a tin case (+300円) and a strawberry topping (+200円), all before tax.
  const request = sampleRequest({
    lines: [{ menuId: 'm1', name: 'ケーキコース', price: 3000, quantity: 2 }],
    detail: { m1_4: 'tin', m1_8: 'おめでとう', m1_11: ['berry'] },
    optionsPrice: 500,
  });

  it('shows the course, the options and the total with tax when the owner enters prices without it', async () => {
    const catalog = fixedCatalog({ options: cakeOptions, taxRule: DEFAULT_TAX_RULE });
    const summary = await summarize(catalog, request, 'awaiting_confirmation');
    expect(summary.lines[0]!.price).toBe(3300);
    expect(summary.options.find((o) => o.optionId === '4')?.extraPrice).toBe(330);
    expect(summary.options.find((o) => o.optionId === '11')?.extraPrice).toBe(220);
    // The bill's lines: course ×2 at 3,300円, the case at 330円, the topping at 220円.
    expect(summary.total).toBe(3300 * 2 + 330 + 220);
    const mail = confirmationRequestMail(mailDataOf(summary), 'https://cafe.example/confirm');
    expect(mail.text).toContain('合計金額：7,150円');
    expect(mail.text).toContain('（+330円）');
    expect(mail.text).not.toContain('（+300円）');
  });

  it('shows the prices as entered when the owner enters them with tax', async () => {
    const catalog = fixedCatalog({ options: cakeOptions, taxRule: { ...DEFAULT_TAX_RULE, pricesIncludeTax: true } });
    const summary = await summarize(catalog, request, 'awaiting_confirmation');
    expect(summary.lines[0]!.price).toBe(3000);
    expect(summary.total).toBe(6500);
  });

  it('shows the English side the same prices', async () => {
    const catalog = fixedCatalog({ options: cakeOptions, taxRule: DEFAULT_TAX_RULE });
    const summary = await summarize(catalog, { ...request, language: 'en' }, 'awaiting_confirmation');
    expect(summary.total).toBe(7150);
    const mail = reservationMails('https://cafe.example').confirmationRequest(summary, 'token');
    expect(mail.text).toContain('7,150');
    expect(mail.text).not.toContain('6,500');
  });
});
