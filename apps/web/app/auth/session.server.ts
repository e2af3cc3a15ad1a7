import { randomBytes } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import { findSignedInUser, type SignedInUser } from '@moncafe/infra/auth/accounts';
import { createSessionStore, type SessionStore } from '@moncafe/infra/auth/sessions';
import type { Runtime } from '@moncafe/infra/runtime';
import { getRuntime } from '../context';

/**
 * Outside production a missing SESSION_SECRET is replaced by one generated per process
 * (sessions then end with a restart); config.ts refuses to start production without one.
 */
const devSecretKey = Symbol.for('moncafe.web.devSessionSecret');
const slots = globalThis as unknown as { [devSecretKey]?: string };

const stores = new WeakMap<Runtime, SessionStore>();

export function sessionsOf(runtime: Runtime): SessionStore {
  let store = stores.get(runtime);
  if (!store) {
    const secret = runtime.config.sessionSecret ?? (slots[devSecretKey] ??= randomBytes(32).toString('base64url'));
    store = createSessionStore({ db: runtime.db, clock: runtime.clock }, { secret, production: runtime.config.production });
    stores.set(runtime, store);
  }
  return store;
}

/** One lookup per request, however many loaders ask. */
const users = new WeakMap<Request, Promise<SignedInUser | null>>();

export function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedInUser | null> {
  let user = users.get(request);
  if (!user) {
    const runtime = getRuntime(context);
    user = (async () => {
      const session = await sessionsOf(runtime).read(request.headers.get('cookie'));
      return session ? findSignedInUser(runtime, session.accountId) : null;
    })();
    users.set(request, user);
  }
  return user;
}
