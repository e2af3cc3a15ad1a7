import { expect } from 'vitest';
import type { Role } from '@moncafe/domain/account/events';
import { signUp } from '../../support/accounts';
import { httpClient, type HttpClient } from '../../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/web-server';

export type IdentityName = 'anonymous' | 'customer' | 'staff' | 'monitor' | 'admin';
export interface Identity {
  name: IdentityName;
  client: HttpClient;
  /** null for anonymous: what the route table is checked against. */
  roles: Role[] | null;
}

/**
 * One signed-in client per role, made the way the product makes them: customers sign up through
 * the call, and the first admin grants staff and monitor roles through the admin call.
 */
export async function signInEveryone(url: string): Promise<Identity[]> {
  const admin = httpClient(url);
  const login = await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);

  async function member(name: 'customer' | 'staff' | 'monitor'): Promise<Identity> {
    const client = httpClient(url);
    const user = await signUp(client, { name: `${name} さん`, email: `${name}@moncafe.test`, password: `${name}-password-123` });
    if (name !== 'customer') {
      const grant = await admin.postJson(`/api/admin/users/${user.id}/roles`, { role: name, grant: true });
      expect(grant.status, await grant.clone().text()).toBe(200);
    }
    return { name, client, roles: name === 'customer' ? ['customer'] : ['customer', name] };
  }

  return [
    { name: 'anonymous', client: httpClient(url), roles: null },
    await member('customer'),
    await member('staff'),
    await member('monitor'),
    { name: 'admin', client: admin, roles: ['customer', 'admin'] },
  ];
}
