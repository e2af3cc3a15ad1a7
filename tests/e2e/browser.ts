// The browser helpers live in tests/support/browser.ts; this re-export keeps the suites that
// still import './browser' (reservation.e2e.test.ts) working until they import from there.
export * from '../support/browser';
