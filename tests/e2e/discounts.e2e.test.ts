import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { discountTexts } from '../../apps/web/app/billing/texts';
import { browserAvailable, browserSuite, screenshotDir, tablet } from '../support/browser';
import { checkedIn, staffBrowser, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * Discounts at the monitor checkout (decision 642) at 1024×768: a party with two blend coffees
 * (1,100円); staff tap the owner's 常連 preset and the bill reads 値引（常連） −110円 and 990円; a yen
 * discount above what is left is refused with its message and changes nothing; taking the preset
 * back gives 1,100円 again.
 */
describe.runIf(runs)('staff give a discount at the monitor checkout', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `discounts-${name}.png`), fullPage: true });

  it('taps 常連 10%, is refused a yen amount above the bill, and takes the discount back', async () => {
    const { guest, reservationId, token } = await checkedIn(server.url, 'seat-t1', 2);
    const placed = await guest.send('POST', '/api/orders', {
      json: { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 2 }] },
      headers: withToken(token),
    });
    expect(placed.status).toBe(200);

    const context = await staffBrowser(browser, server, tablet);
    const checkout = problems.watch(await context.newPage());
    await checkout.goto(`/monitor/checkout?store_id=2&reservation_id=${reservationId}`);
    const total = checkout.getByTestId('checkout-total');
    await expect.poll(() => total.textContent()).toBe('1,100円');

    const discounts = checkout.getByTestId('discounts');
    await discounts.getByTestId('discount-preset').filter({ hasText: '常連' }).click();
    await expect.poll(() => total.textContent()).toBe('990円');
    expect(await checkout.getByTestId('checkout-discount').textContent()).toMatch(/値引（常連）\s*-110円/);
    await shot(checkout, '1-regular');

    await discounts.getByTestId('discount-kind').selectOption('yen');
    await discounts.getByTestId('discount-value').fill('1000');
    await discounts.getByTestId('discount-reason').fill('クーポン');
    await discounts.getByTestId('discount-give').click();
    await expect.poll(() => discounts.getByRole('alert').textContent()).toBe(discountTexts.aboveBill);
    expect(await total.textContent()).toBe('990円');

    await discounts.getByTestId('discount-remove').click();
    await expect.poll(() => total.textContent()).toBe('1,100円');
    await shot(checkout, '2-taken-back');
    await context.close();
  });
});
