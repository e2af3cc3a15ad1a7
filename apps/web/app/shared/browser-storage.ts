/**
 * The browser's localStorage, or null where there is none: on the server, and in browsers that
 * refuse it (private mode, blocked cookies). Every screen that keeps something in the browser
 * (the cart, the reservation draft and session) reads it through this one guard.
 */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
