import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEdge, cspNonceOf } from './answer-edge';

/** answerEdge in front of a bare express app: what every answer carries, whoever gives it. */
describe('the outermost layer (decision 166)', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  async function serve(options: Parameters<typeof answerEdge>[0]) {
    const app = express();
    app.use(answerEdge(options));
    app.get('/nonce', (_req, res) => res.json({ nonce: cspNonceOf(res) }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => server.close();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sets HSTS in production only, on a 404 express gives itself too', async () => {
    const production = await serve({ production: true, oidc: { issuer: 'https://id.example/realms/cafe' } });
    const missing = await fetch(`${production}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(missing.headers.get('x-frame-options')).toBe('DENY');
    // (express's own 404 narrows the CSP to default-src 'none'; an answer of the app keeps ours.)
    expect((await fetch(`${production}/nonce`)).headers.get('content-security-policy')).toContain("form-action 'self' https://id.example");
    close!();
    const development = await serve({ production: false });
    expect((await fetch(`${development}/nowhere`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('hands the answer’s own nonce to the app, a fresh one each time', async () => {
    const url = await serve({ production: false });
    const first = await fetch(`${url}/nonce`);
    const { nonce } = (await first.json()) as { nonce: string };
    expect(first.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    const second = (await (await fetch(`${url}/nonce`)).json()) as { nonce: string };
    expect(second.nonce).not.toBe(nonce);
  });
});
