import { describe, expect, it } from 'vitest';
import { contactPrefill } from './draft';

describe('contact prefill from the signed-in customer (GET /api/auth/status)', () => {
  const signedIn = { authenticated: true, user: { id: 'a1', name: '会員太郎', email: 'member@example.jp', roles: [] } };

  it('fills an empty name and e-mail from the account', () => {
    expect(contactPrefill({ name: '', email: '' }, signedIn)).toEqual({ name: '会員太郎', email: 'member@example.jp' });
  });
  it('never overwrites what the customer typed or the draft kept', () => {
    expect(contactPrefill({ name: '山田花子', email: '' }, signedIn)).toEqual({ email: 'member@example.jp' });
    expect(contactPrefill({ name: '山田花子', email: 'hanako@example.jp' }, signedIn)).toEqual({});
  });
  it('gives nothing for a guest or an answer of another shape', () => {
    expect(contactPrefill({ name: '', email: '' }, { authenticated: false, user: null })).toEqual({});
    expect(contactPrefill({ name: '', email: '' }, {})).toEqual({});
  });
});
