import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

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
  return context;
}

/**
 * What pages reported while a test ran: script errors and console errors (a failed load of a
 * resource is left out: the tests that provoke one assert it themselves). Watch each page a test
 * opens; `assertNone()` in `afterEach` fails the very test during which a problem appeared.
 *
 *   const problems = pageProblems();
 *   afterEach(() => problems.assertNone());
 *   const page = problems.watch(await context.newPage());
 */
export function pageProblems() {
  const found: string[] = [];
  return {
    watch<P extends Page>(page: P): P {
      page.on('pageerror', (error) => found.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) found.push(`console.error: ${message.text()}`);
      });
      return page;
    },
    assertNone() {
      const problems = found.splice(0);
      expect(problems, 'the pages reported script or console errors').toEqual([]);
    },
  };
}
