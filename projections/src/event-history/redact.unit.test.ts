import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact';

describe('history redaction', () => {
  it('hides password hashes, sealed passwords and token hashes at any depth, and keeps the rest', () => {
    const data = {
      accountId: 'a1',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc',
      record: { kind: 'supplier', data: { name: '八百屋', password_sealed: 'v1.xyz', has_password: true, login_id: 'shop' } },
      links: [{ tokenHash: 'deadbeef', seatId: 's1' }],
    };
    expect(redactSecrets(data)).toEqual({
      accountId: 'a1',
      passwordHash: REDACTED,
      record: { kind: 'supplier', data: { name: '八百屋', password_sealed: REDACTED, has_password: true, login_id: 'shop' } },
      links: [{ tokenHash: REDACTED, seatId: 's1' }],
    });
    expect(JSON.stringify(redactSecrets(data))).not.toMatch(/argon2|v1\.xyz|deadbeef/);
  });

  it('never changes the recorded event it reads, and hands back data without secrets as it is', () => {
    const data = { record: { data: { name: '八百屋', password_sealed: 'v1.xyz' } }, links: [{ tokenHash: 'deadbeef' }, { seatId: 's1' }] };
    const before = structuredClone(data);
    const redacted = redactSecrets(data) as typeof data;
    expect(data).toEqual(before);
    expect(redacted.links[1]).toBe(data.links[1]);
    const plain = { storeId: '2', lines: [{ name: 'コース', options: [] }] };
    expect(redactSecrets(plain)).toBe(plain);
  });
});
