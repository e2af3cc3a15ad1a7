import { expect } from 'vitest';
import type { HttpClient } from './http-client';

/**
 * A customer account the way a guest makes one: sign up (which signs nobody in and answers the
 * same for a taken address: decision 051), then sign in with the password. The
 * address stays unverified until the mailed link is opened (`verifyEmail`).
 */
export async function signUp(client: HttpClient, account: { name: string; email: string; password: string }) {
  const registered = await client.postJson('/api/auth/register', account);
  expect(registered.status, await registered.clone().text()).toBe(200);
  const login = await client.postJson('/api/auth/login', { email: account.email, password: account.password });
  expect(login.status, await login.clone().text()).toBe(200);
  return ((await login.json()) as { user: { id: string; name: string; email: string } }).user;
}

/** The verification link's token in a sign-up mail's text. */
export function verificationTokenIn(text: string): string {
  const match = /\/verify-email\?token=(\S+)/.exec(text);
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

/** Opens the verification link the way the page does: the button posts the token. */
export async function verifyEmail(client: HttpClient, token: string): Promise<Response> {
  return client.send('POST', '/verify-email', { form: { token } });
}
