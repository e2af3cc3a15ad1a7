import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** Debian's Chromium, driven by playwright-core; no browser download, nothing from the internet. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the browser exists; otherwise prints why the suite is skipped (or fails under REQUIRE_SERVICES=1). */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const reason = `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y chromium fonts-noto-cjk)`;
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason} (REQUIRE_SERVICES=1)`);
  console.warn(`skipping browser tests: ${reason}`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A phone-sized screen (iPhone 14-ish) with a touch screen and a mobile user agent. */
export const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
} as const;

/** A desktop screen (1280x800). */
/** The kitchen's and the floor's tablet, held sideways. */
export const tablet = { viewport: { width: 1024, height: 768 }, hasTouch: true, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as const;

export const desktop = { viewport: { width: 1280, height: 800 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as const;

export const screenshotDir = 'test-results/screenshots';

/** A browser for one suite, with the screenshot folder made. */
export async function startBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return launchBrowser();
}

/**
 * A context on the test server (`baseURL`) that never reaches the internet: a request to any
 * other host (a map iframe, a stray image) is aborted, so a page looks as it does offline.
 */
export async function offlineContext(browser: Browser, baseURL: string, screen: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ ...screen, baseURL });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await followServerClock(context, baseURL);
  return context;
}

/** The impacts axe gives, least first. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/**
 * Sets the pages' clock of `context` to the test server's when that server started on an
 * injected instant (decision 585): a page that reads today or the time left from the browser
 * then agrees with the server. The time runs on from there; a server on the machine's clock
 * leaves the browser's alone.
 */
export async function followServerClock(context: BrowserContext, baseURL: string): Promise<void> {
  const answer = await fetch(new URL('/__test/clock', baseURL));
  if (!answer.ok) return;
  const clock = (await answer.json()) as { now: string; injected?: boolean };
  if (clock.injected) await context.clock.install({ time: new Date(clock.now) });
}

/**
 * Accessibility problems axe finds on the screen a page shows now, serious or critical only (or
 * from `least` up: `npm run screens` asks from moderate), as lines naming the page, the rule and
 * the elements. WCAG 2.x A/AA rules plus axe's best practices,
 * and `label-content-name-mismatch` (experimental in axe, but a real screen-reader trap: the name
 * heard must contain the text seen). Third-party frames (the map) are not ours to check.
 */
export async function accessibilityProblems(page: Page, least: (typeof IMPACTS)[number] = 'serious'): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude('iframe')
    .analyze();
  const where = new URL(page.url());
  return results.violations
    .filter((v) => IMPACTS.indexOf(v.impact ?? 'minor') >= IMPACTS.indexOf(least))
    .map((v) => `axe ${v.impact} on ${where.pathname}${where.search}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A console error that only says the network failed: a resource that did not load, or React
 * Router's background discovery of the routes behind links just drawn (`/__manifest`) when the
 * line was down. The tests that cut the line assert what the guest sees themselves; a
 * `/__manifest` that answers with an error status reads differently and still counts.
 */
function networkFailure(text: string): boolean {
  return /^Failed to load resource/.test(text) || /^Failed to fetch manifest patches TypeError: Failed to fetch/.test(text);
}

/**
 * What pages reported while a test ran: script errors, console errors (a failed load of a
 * resource is left out: the tests that provoke one assert it themselves) and axe's serious or
 * critical findings. Watch each page a test opens; `screen(page, name)` saves a screenshot of a
 * screen the test reached and checks it with axe; `assertNone()` in `afterEach` checks the screen
 * every watched page still shows, then fails the very test during which a problem appeared.
 *
 *   const problems = pageProblems();
 *   afterEach(() => problems.assertNone());
 *   const page = problems.watch(await context.newPage());
 *   await problems.screen(page, 'reservation-1-cart');
 */
export function pageProblems() {
  const found: string[] = [];
  const watched = new Set<Page>();
  const check = async (page: Page) => {
    // A screen can go away under the check (the test navigated on); the next screen is checked then.
    found.push(...(await accessibilityProblems(page).catch((error: unknown) => (page.isClosed() ? [] : [`axe could not run: ${String(error)}`]))));
  };
  return {
    watch<P extends Page>(page: P): P {
      watched.add(page);
      page.on('close', () => watched.delete(page));
      page.on('pageerror', (error) => found.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !networkFailure(message.text())) found.push(`console.error: ${message.text()}`);
      });
      return page;
    },
    /** A screen the test reached: its screenshot, and axe's check of it. */
    async screen(page: Page, name: string, options: { fullPage?: boolean } = {}) {
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? true });
      await check(page);
    },
    /** Axe's check of the screen shown now, without a screenshot. */
    check,
    async assertNone() {
      for (const page of [...watched]) if (!page.isClosed() && page.url().startsWith('http')) await check(page);
      const problems = found.splice(0);
      expect(problems, 'the pages reported script or console errors, or accessibility problems').toEqual([]);
    },
  };
}

/**
 * The preamble every browser suite shares, called in its `describe`: before the tests, the
 * server `start` gives and a browser, handed to `started`; after them both closed, the browser
 * first; and the page problems, checked after each test (the returned `problems`). Hooks the
 * suite adds after this call run after these before the tests and before them after (vitest's
 * stack order), so a suite's own contexts are made on the browser and closed before it.
 */
export function browserSuite<Server extends { close(): Promise<void> }>(
  start: () => Promise<Server>,
  started: (suite: { server: Server; browser: Browser }) => void,
): ReturnType<typeof pageProblems> {
  const problems = pageProblems();
  let server: Server | undefined;
  let browser: Browser | undefined;
  afterEach(() => problems.assertNone());
  beforeAll(async () => {
    server = await start();
    browser = await startBrowser();
    started({ server, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return problems;
}
