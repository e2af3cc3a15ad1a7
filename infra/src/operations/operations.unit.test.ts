import { describe, expect, it } from 'vitest';
import { hmacSigning } from '../auth/signing';
import { ruleKindOf } from './metrics';
import { inRequest, requestIdMixin } from './request-scope';
import { maskUrl, retryWhileStarting, StartupError } from './startup';

describe('start-up errors (decision 179)', () => {
  it('masks the password of every URL in a list and keeps the rest', () => {
    expect(maskUrl('postgres://cafe:s3cret@db:5432/cafe')).toBe('postgres://cafe:***@db:5432/cafe');
    expect(maskUrl('nats://a:4222,nats://u:p@b:4222')).toBe('nats://a:4222,nats://u:***@b:4222');
    expect(maskUrl('not a url')).toBe('(not a URL)');
  });

  it('tries again while the service is not up, and gives up at once on any other error, naming the variable', async () => {
    let calls = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const answer = await retryWhileStarting({ variable: 'DATABASE_URL', target: 'postgres://db/cafe', timeoutMs: 5000 }, async () => {
      calls += 1;
      if (calls < 3) throw refused;
      return 'up';
    });
    expect([answer, calls]).toEqual(['up', 3]);

    calls = 0;
    const wrongPassword = Object.assign(new Error('password authentication failed for user "cafe"'), { code: '28P01' });
    const failure = retryWhileStarting({ variable: 'DATABASE_URL', target: 'postgres://cafe:pw@db/cafe', timeoutMs: 5000 }, async () => {
      calls += 1;
      throw wrongPassword;
    });
    await expect(failure).rejects.toThrow(new StartupError('DATABASE_URL', 'postgres://cafe:pw@db/cafe', 'password authentication failed'));
    await expect(failure).rejects.toThrow('DATABASE_URL=postgres://cafe:***@db/cafe: password authentication failed');
    expect(calls).toBe(1);
  });
});

describe('rotation of the signing secret (decision 178)', () => {
  it('signs with the first secret and accepts what any of them signed', () => {
    const old = hmacSigning('old-secret-of-thirty-two-characters!!');
    const rotated = hmacSigning(['new-secret-of-thirty-two-characters!!', 'old-secret-of-thirty-two-characters!!']);
    const before = old.sign('visit:1');
    expect(rotated.verify('visit:1', before)).toBe(true);
    expect(rotated.sign('visit:1')).not.toBe(before);
    expect(hmacSigning('new-secret-of-thirty-two-characters!!').verify('visit:1', before)).toBe(false);
    expect(rotated.verify('visit:2', before)).toBe(false);
  });
});

describe('metrics labels', () => {
  it('labels a rate-limit refusal by its rule kind, never by the address or account in its key', () => {
    expect(ruleKindOf('cancel-lookup:ip:198.18.0.1')).toBe('cancel-lookup:ip');
    expect(ruleKindOf('login:account:abc123')).toBe('login:account');
  });
});

describe('request scope', () => {
  it('gives log lines the id of the request they are written for, across awaits, and none outside one', async () => {
    expect(requestIdMixin()).toEqual({});
    const seen = await inRequest('req-1', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return requestIdMixin();
    });
    expect(seen).toEqual({ reqId: 'req-1' });
    expect(requestIdMixin()).toEqual({});
  });
});
