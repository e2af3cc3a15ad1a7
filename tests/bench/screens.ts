/**
 * `npm run screens`: screenshots of every staff screen (the staff area, the kitchen and the
 * floor/monitor) at a phone's 390×844 and a tablet's 1024×768, and of every admin screen (read
 * from app/routes.ts) at a laptop's 1280×800 and 1024×768, of a fresh demo system (production
 * build), into `test-results/screens/` (gitignored), and the guest's pages on a phone in Japanese
 * and English — to be looked at. It prints each screen's sideways overflow (px beyond the width),
 * and for the admin screens axe's findings above minor (decision 577); it ends with a count of
 * both for the admin screens and exits 1 when either is not 0, so the owner's screens stay whole.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { accessibilityProblems, desktop, launchBrowser, offlineContext, phone, tablet } from '../support/browser';
import { adminRoutes } from '../support/admin-routes';
import { moveToOpenHours, ownerContext, waitForOrderMenu } from '../support/table-order';
import { startTestWebServer } from '../support/web-server';

const out = path.resolve('test-results/screens');

const staffScreens = [
  '/staff',
  '/staff/shift-submit',
  '/staff/view-shift',
  '/staff/opening-prep',
  '/staff/close-prep',
  '/staff/order',
  '/staff/recipe',
  '/staff/serve-method',
  '/kitchen',
  '/kitchen/history',
  '/kitchen/stock',
  '/monitor',
  '/monitor/order',
  '/monitor/kitchen',
  '/monitor/stock',
  '/monitor/checkout',
  '/monitor/qr-codes',
  '/monitor/reservation',
];
const adminScreens = adminRoutes;
/** The smaller laptop an owner may have, or a tablet held sideways. */
const smallLaptop = { viewport: { width: 1024, height: 768 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as const;
/** The guest's pages, on a phone, as a Japanese and as an English guest sees them (the store choice of decision 406 among them). */
const guestScreens = ['/moncafe', '/menu', '/reservation', '/reservation?store=3', '/access', '/login'];

/** `npm run screens -- --admin`: the admin screens only, their counts and exit code as ever. */
const adminOnly = process.argv.includes('--admin');

const server = await startTestWebServer({ env: { LOG_LEVEL: 'warn' } });
const browser = await launchBrowser();
/** The admin screens' findings: sideways overflow and axe above minor, one line each. */
const adminFindings: string[] = [];
try {
  await waitForOrderMenu(server.url);
  await moveToOpenHours(server);
  mkdirSync(out, { recursive: true });
  const shoot = async (size: string, screen: BrowserContextOptions, paths: readonly string[], guest = false, strict = false) => {
    const context = guest ? await offlineContext(browser, server.url, screen) : await ownerContext(browser, server.url, screen);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    for (const p of paths) {
      await page.goto(p);
      await page
        .locator('.area[data-ready="true"]')
        .waitFor()
        .catch(() => undefined);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // Screens that load after hydration say 読み込み中 until their data is there: shoot what the
      // person sees once it has loaded (at most 10 s, then whatever is shown, the loading state included).
      await page.waitForFunction(() => !document.body.innerText.includes('読み込み中'), null, { timeout: 10_000 }).catch(() => undefined);
      const overflow = await page.evaluate((width) => document.documentElement.scrollWidth - width, screen.viewport!.width);
      const file = path.join(out, `${size}${p.replaceAll(/[/?=]/g, '_')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const axe = strict ? await accessibilityProblems(page, 'moderate') : [];
      if (strict && overflow > 0) adminFindings.push(`${size} ${p}: ${overflow} px too wide`);
      adminFindings.push(...axe.map((line) => `${size} ${line}`));
      const checked = strict ? `, ${axe.length} axe findings above minor` : '';
      console.log(`${size} ${p}: ${overflow > 0 ? `${overflow} px too wide` : 'fits'}${checked} → ${path.relative(process.cwd(), file)}`);
      for (const line of axe) console.log(`  ${line}`);
    }
    await context.close();
  };
  if (!adminOnly) await shoot('phone', phone, staffScreens);
  if (!adminOnly) await shoot('tablet', tablet, staffScreens);
  await shoot('laptop', desktop, adminScreens, false, true);
  await shoot('laptop-1024', smallLaptop, adminScreens, false, true);
  if (!adminOnly) await shoot('guest-ja', phone, guestScreens, true);
  if (!adminOnly) await shoot('guest-en', { ...phone, locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } }, guestScreens, true);
} finally {
  await browser.close();
  await server.close();
}
const overflowing = adminFindings.filter((line) => line.endsWith('too wide')).length;
console.log(
  `admin screens at 1280×800 and 1024×768: ${adminScreens.length * 2} shots, ${overflowing} too wide, ${adminFindings.length - overflowing} axe findings above minor`,
);
if (adminFindings.length > 0) process.exitCode = 1;
