import type { RouterContextProvider } from 'react-router';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { appOf, userContext } from '#app/context';

/**
 * The signed-in user of a request: the session cookie (infra/src/auth/sessions.ts, built once in
 * the runtime) names an account, the account service answers who it is. Looked up once per
 * request, however many loaders ask (kept in the request's router context).
 */
export function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedInUser | null> {
  const known = context.get(userContext);
  if (known) return known;
  const { runtime, services } = appOf(context);
  const user = (async () => {
    const session = await runtime.sessions.read(request.headers.get('cookie'));
    return session ? services.accounts.signedInUser(session.accountId) : null;
  })();
  // The context is per request; loaders of one request share it.
  context.set(userContext, user);
  return user;
}
