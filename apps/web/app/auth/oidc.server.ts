import type * as openid from 'openid-client';
import type { RouterContextProvider } from 'react-router';
import { audit } from '@moncafe/infra/auth/audit';
import { authDb } from '@moncafe/infra/auth/tables';
import { appOf, clientAddressContext, correlationIdOf } from '#app/context';
import { loadOpenidClient } from './oidc-client.server';
import { safeRedirectTarget } from './require-role.server';
import { authTexts } from './texts';

/**
 * Sign-in through an OpenID Connect provider (LINE Login, Google, …): authorization code with
 * PKCE (S256), `state` and `nonce`, through openid-client. What the callback must check is
 * kept server-side in `oidc_transactions`, one row per started sign-in, used once. Which
 * account the provider's user is: the account service (`services.accounts.signInWithIdentity`).
 */
const TRANSACTION_TTL_MS = 10 * 60_000;

function oidcOf(context: Readonly<RouterContextProvider>) {
  const oidc = appOf(context).oidc;
  if (!oidc) throw new Error('OIDC is not configured');
  return oidc;
}

/** Starts a sign-in: remembers state, PKCE verifier and nonce, and returns the provider's URL. */
export async function startOidcLogin(context: Readonly<RouterContextProvider>, redirectTo: string | null): Promise<URL> {
  const { runtime } = appOf(context);
  const oidc = oidcOf(context);
  const configuration = await oidc.configuration();
  const client = loadOpenidClient();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const now = runtime.clock.now();
  const db = authDb(runtime.db);
  await db.deleteFrom('oidc_transactions').where('expires_at', '<=', now).execute();
  await db
    .insertInto('oidc_transactions')
    .values({
      state,
      code_verifier: codeVerifier,
      nonce,
      // Empty when no page asked: /auth/success then sends the person to their area's home.
      redirect_to: safeRedirectTarget(redirectTo, ''),
      expires_at: new Date(now.getTime() + TRANSACTION_TTL_MS),
    })
    .execute();
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidc.callbackUrl,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

export type OidcCallbackOutcome = { ok: true; setCookie: string; redirectTo: string } | { ok: false; reason: string };

/**
 * Finishes a sign-in: the `state` must be one this server issued and not yet used; the code is
 * exchanged with the PKCE verifier and the ID token's nonce checked. The provider's subject
 * finds (or creates) the account; a verified e-mail links to an existing account.
 */
export async function finishOidcLogin(request: Request, context: Readonly<RouterContextProvider>): Promise<OidcCallbackOutcome> {
  const { runtime, services } = appOf(context);
  const ip = context.get(clientAddressContext);
  // A callback sent to a server without a provider signs nobody in: the failure card, not an error.
  if (!appOf(context).oidc) {
    audit(runtime.logger, 'oidc_login_failed', { ip, reason: 'no provider configured' });
    return { ok: false, reason: 'no provider' };
  }
  const oidc = oidcOf(context);
  const incoming = new URL(request.url);
  const state = incoming.searchParams.get('state');
  if (!state) return { ok: false, reason: 'missing state' };
  const db = authDb(runtime.db);
  // Used once: deleted as it is read, so a replayed callback finds nothing.
  const transaction = await db.deleteFrom('oidc_transactions').where('state', '=', state).returningAll().executeTakeFirst();
  if (!transaction || new Date(transaction.expires_at) <= runtime.clock.now()) {
    audit(runtime.logger, 'oidc_login_failed', { ip, reason: 'unknown or expired state' });
    return { ok: false, reason: 'unknown state' };
  }
  try {
    const configuration = await oidc.configuration();
    const client = loadOpenidClient();
    // The provider redirected to our public callback URL; rebuild it from that, not from proxy-facing host headers.
    const currentUrl = new URL(`${oidc.callbackUrl}${incoming.search}`);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: transaction.code_verifier,
      expectedState: state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token claims');
    // Conforming providers put profile and e-mail in userinfo rather than the ID token; the
    // subject must match the ID token's (openid-client checks it).
    const profile: Partial<openid.UserInfoResponse> =
      idClaims.email === undefined || idClaims.name === undefined ? await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub) : {};
    const claims = {
      ...profile,
      ...idClaims,
      email: idClaims.email ?? profile.email,
      email_verified: idClaims.email_verified ?? profile.email_verified,
      name: idClaims.name ?? profile.name,
    };
    const identity = { issuer: String(claims.iss), subject: String(claims.sub) };
    const email = typeof claims.email === 'string' ? claims.email : null;
    const name = typeof claims.name === 'string' && claims.name ? claims.name : (email?.split('@')[0] ?? authTexts.externalUserName);
    const { accountId } = await services.accounts.signInWithIdentity(
      { identity, email, emailVerified: claims.email_verified === true, name },
      { correlationId: correlationIdOf(context), actor: 'customer' },
    );
    const { sessions } = runtime;
    await sessions.destroy(request.headers.get('cookie'));
    const setCookie = await sessions.create(accountId);
    audit(runtime.logger, 'oidc_login_succeeded', { accountId, ip, issuer: identity.issuer });
    return { ok: true, setCookie, redirectTo: transaction.redirect_to };
  } catch (error) {
    audit(runtime.logger, 'oidc_login_failed', { ip, reason: error instanceof Error ? error.message : 'error' });
    return { ok: false, reason: 'exchange failed' };
  }
}
