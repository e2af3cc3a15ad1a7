import type { RouterContextProvider } from 'react-router';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import type { Proof } from '@moncafe/domain/account/second-factor-service';
import { DomainError } from '@moncafe/domain/decider';
import { audit } from '@moncafe/infra/auth/audit';
import { authChallenges, type ChallengePurpose } from '@moncafe/infra/auth/challenges';
import { loginThrottle } from '@moncafe/infra/auth/login-throttle';
import { rateLimitAll, rateLimits } from '@moncafe/infra/auth/rate-limit';
import { readCookie } from '@moncafe/infra/auth/sessions';
import { appOf, clientAddressContext, correlationIdOf } from '#app/context';
import { errorsByLanguage } from '#app/http/json.server';
import { secureCookies } from '#app/http/reservation-session.server';
import { pageLanguageOf } from '#app/i18n/language';
import { secondFactorTextsIn } from './second-factor-texts';

/**
 * The second step of a sign-in and the adding of factors, shared by the /login form, the account
 * screen and the /api/auth/mfa calls (decision 540). A password that is right opens no session
 * when the account has a second factor: it opens a pending step (a row and a cookie, five
 * minutes) that a code or a passkey completes. An account that must have a factor and has none
 * signs in as before until its grace ends, then only to add one.
 */
type Context = Readonly<RouterContextProvider>;

/** Where a password sign-in goes next. */
export type PasswordStep =
  | { next: 'session'; setCookie: string; deadline: string | null }
  | { next: 'mfa'; methods: ('totp' | 'passkey')[]; setCookie: string }
  | { next: 'enrol'; deadline: string; setCookie: string };

const cookieBase: Record<'mfa' | 'passkey', string> = { mfa: 'moncafe_mfa', passkey: 'moncafe_webauthn' };

function cookieName(context: Context, kind: 'mfa' | 'passkey'): string {
  return appOf(context).runtime.config.production ? `__Host-${cookieBase[kind]}` : cookieBase[kind];
}

function cookie(context: Context, kind: 'mfa' | 'passkey', value: string, maxAgeSeconds: number): string {
  const secure = secureCookies(appOf(context).runtime.config);
  return `${cookieName(context, kind)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

const challengesOf = (context: Context) => {
  const { runtime } = appOf(context);
  return authChallenges({ db: runtime.db, clock: runtime.clock });
};

const cookieOf = (request: Request, context: Context, kind: 'mfa' | 'passkey') => readCookie(request.headers.get('cookie'), cookieName(context, kind));

/** Starts a fresh session (a new id, the old one ended), so a session id planted before sign-in is useless. */
export async function startSession(request: Request, context: Context, accountId: string): Promise<string> {
  const { sessions } = appOf(context).runtime;
  await sessions.destroy(request.headers.get('cookie'));
  // Sign-ins are rare enough to sweep expired sessions on the way, with no timer to run.
  await sessions.purgeExpired();
  return sessions.create(accountId);
}

/** Whether this account must sign in with a second factor: admins in production, staff and monitors where a store says so. */
async function mustHaveSecondFactor(context: Context, user: SignedInUser): Promise<boolean> {
  const { runtime, services, queries } = appOf(context);
  const staffRoles = user.roles.filter((r) => r !== 'customer');
  if (staffRoles.length === 0) return false;
  const storeIds = user.roles.includes('admin') ? [] : await queries.storeStaff.storesOf(user.id);
  return services.secondFactors.mustHaveSecondFactor({ roles: user.roles, storeIds, production: runtime.config.production });
}

/** After a right password: a session, the second step, or (past the grace) the adding of a factor. */
export async function afterPassword(request: Request, context: Context, user: SignedInUser): Promise<PasswordStep> {
  const { services } = appOf(context);
  const status = await services.secondFactors.status(user.id);
  if (status.enabled) {
    const id = await challengesOf(context).open('mfa', { accountId: user.id, challenge: null });
    const methods: ('totp' | 'passkey')[] = [
      ...(status.totp === 'confirmed' ? (['totp'] as const) : []),
      ...(status.passkeys.length ? (['passkey'] as const) : []),
    ];
    return { next: 'mfa', methods, setCookie: cookie(context, 'mfa', id, 300) };
  }
  if (!(await mustHaveSecondFactor(context, user))) return { next: 'session', setCookie: await startSession(request, context, user.id), deadline: null };
  const asked = await services.secondFactors.askForSecondFactor(user.id, { correlationId: correlationIdOf(context), actor: user.id });
  if (!asked.overdue) return { next: 'session', setCookie: await startSession(request, context, user.id), deadline: asked.deadline };
  const id = await challengesOf(context).open('enrol', { accountId: user.id, challenge: null });
  return { next: 'enrol', deadline: asked.deadline, setCookie: cookie(context, 'mfa', id, 900) };
}

export type FactorOutcome =
  { ok: true; accountId: string; setCookies: string[] } | { ok: false; status: 400 | 401 | 429; error: string; retryAfterSeconds?: number };

/**
 * Counts a second-factor attempt as password attempts are counted (decision 053): per address,
 * and per account however many addresses try — only someone who has the password gets this far,
 * so locking the account's second step locks out no one else.
 */
async function throttled<T>(context: Context, accountId: string, attempt: () => Promise<T | null>): Promise<FactorOutcome | { ok: true; value: T }> {
  const { runtime } = appOf(context);
  const ip = context.get(clientAddressContext);
  const t = secondFactorTextsIn('ja');
  const throttle = loginThrottle({ db: runtime.db, clock: runtime.clock });
  const key = `mfa:${accountId}`;
  const limited = ip ? await rateLimitAll(runtime, [{ key: `login:ip:${ip}`, ...rateLimits.loginPerIp }]) : ({ ok: true } as const);
  const locked = limited.ok ? await throttle.check(key) : null;
  if (!limited.ok || locked?.locked) {
    audit(runtime.logger, 'rate_limited', { ip, accountId, reason: limited.ok ? 'second factor locked' : 'login per ip' });
    return {
      ok: false,
      status: 429,
      error: t.tooMany,
      retryAfterSeconds: !limited.ok ? limited.retryAfterSeconds : locked?.locked ? locked.retryAfterSeconds : 60,
    };
  }
  const value = await attempt();
  if (value === null) {
    const lockout = await throttle.failed(key);
    audit(runtime.logger, 'login_failed', { ip, accountId, reason: 'wrong second factor' });
    if (lockout) audit(runtime.logger, 'login_locked', { ip, accountId, reason: `second factor locked for ${lockout.lockedForSeconds} s` });
    return { ok: false, status: 401, error: t.wrongCode };
  }
  await throttle.succeeded(key);
  return { ok: true, value };
}

/** Null for the codes a wrong or reused second factor throws; anything else is the server's error. */
async function refusedAsNull<T>(attempt: () => Promise<T>): Promise<T | null> {
  try {
    return await attempt();
  } catch (error) {
    if (
      error instanceof DomainError &&
      ['invalid_code', 'code_reused', 'no_totp', 'passkey_not_verified', 'unknown_passkey', 'passkey_counter'].includes(error.code)
    )
      return null;
    throw error;
  }
}

/** POST /api/auth/mfa/verify {code}: the pending sign-in's app code or recovery code opens its session. */
export async function verifyCode(request: Request, context: Context, code: string): Promise<FactorOutcome> {
  const { runtime, services } = appOf(context);
  const t = secondFactorTextsIn(pageLanguageOf(request));
  const challenges = challengesOf(context);
  const pending = await challenges.read(cookieOf(request, context, 'mfa'), 'mfa');
  if (!pending?.accountId) return { ok: false, status: 401, error: t.noPendingSignIn };
  const accountId = pending.accountId;
  const result = await throttled(context, accountId, () =>
    refusedAsNull(() => services.secondFactors.verifyCode({ accountId, code }, { correlationId: correlationIdOf(context), actor: accountId })),
  );
  if (!result.ok) return result.status === 401 ? { ...result, error: t.wrongCode } : result;
  if (!('value' in result)) return result;
  await challenges.end(cookieOf(request, context, 'mfa'));
  audit(runtime.logger, 'login_succeeded', { accountId, ip: context.get(clientAddressContext), method: result.value.method });
  return { ok: true, accountId, setCookies: [await startSession(request, context, accountId), cookie(context, 'mfa', '', 0)] };
}

/** The options of a passkey sign-in: after a password, that account's passkeys; without one, any of this site's. */
export async function passkeySignInOptions(request: Request, context: Context): Promise<{ options: Record<string, unknown>; setCookie: string }> {
  const { services } = appOf(context);
  const pending = await challengesOf(context).read(cookieOf(request, context, 'mfa'), 'mfa');
  const accountId = pending?.accountId ?? null;
  const ceremony = await services.secondFactors.passkeySignIn({ accountId });
  const id = await challengesOf(context).open('passkey', { accountId, challenge: ceremony.challenge });
  return { options: ceremony.options, setCookie: cookie(context, 'passkey', id, 300) };
}

/** The browser's answer to the passkey sign-in: a session for the passkey's account. */
export async function passkeySignIn(request: Request, context: Context, response: unknown): Promise<FactorOutcome> {
  const { runtime, services } = appOf(context);
  const t = secondFactorTextsIn(pageLanguageOf(request));
  const ceremony = await challengesOf(context).take(cookieOf(request, context, 'passkey'), 'passkey');
  if (!ceremony?.challenge) return { ok: false, status: 401, error: t.noPasskeyCeremony };
  const challenge = ceremony.challenge;
  const context_ = { correlationId: correlationIdOf(context), actor: ceremony.accountId ?? 'customer' };
  const attempt = () => refusedAsNull(() => services.secondFactors.signInWithPasskey({ accountId: ceremony.accountId, response, challenge }, context_));
  // A sign-in without a password names its account only once the passkey is found: count the
  // attempt against the account it claims, and the address either way.
  const result = ceremony.accountId ? await throttled(context, ceremony.accountId, attempt) : await throttledByAddress(context, attempt);
  if (!result.ok) return result.status === 401 ? { ...result, error: t.passkeyRefused } : result;
  if (!('value' in result)) return result;
  const { accountId } = result.value;
  await challengesOf(context).end(cookieOf(request, context, 'mfa'));
  audit(runtime.logger, 'login_succeeded', { accountId, ip: context.get(clientAddressContext), method: 'passkey' });
  return {
    ok: true,
    accountId,
    setCookies: [await startSession(request, context, accountId), cookie(context, 'mfa', '', 0), cookie(context, 'passkey', '', 0)],
  };
}

async function throttledByAddress<T>(context: Context, attempt: () => Promise<T | null>) {
  const { runtime } = appOf(context);
  const ip = context.get(clientAddressContext);
  const limited = ip ? await rateLimitAll(runtime, [{ key: `login:ip:${ip}`, ...rateLimits.loginPerIp }]) : ({ ok: true } as const);
  if (!limited.ok) return { ok: false as const, status: 429 as const, error: secondFactorTextsIn('ja').tooMany, retryAfterSeconds: limited.retryAfterSeconds };
  const value = await attempt();
  return value === null ? { ok: false as const, status: 401 as const, error: '' } : { ok: true as const, value };
}

/**
 * Who adds or removes a factor: the signed-in holder (who types the password again), or a sign-in
 * past its grace whose password was checked at its first step (the `enrol` step). Null: neither.
 */
export async function factorHolder(
  request: Request,
  context: Context,
  user: SignedInUser | null,
  password: string | undefined,
): Promise<{ accountId: string; proof: Proof; enrolling: boolean } | null> {
  if (user) return { accountId: user.id, proof: { password: password ?? '' }, enrolling: false };
  const enrol = await challengesOf(context).read(cookieOf(request, context, 'mfa'), 'enrol');
  return enrol?.accountId ? { accountId: enrol.accountId, proof: { passwordJustChecked: true }, enrolling: true } : null;
}

/** A factor was added during the `enrol` step: the sign-in completes with a session. */
export async function finishEnrolment(request: Request, context: Context, accountId: string): Promise<string[]> {
  await challengesOf(context).end(cookieOf(request, context, 'mfa'));
  audit(appOf(context).runtime.logger, 'login_succeeded', { accountId, ip: context.get(clientAddressContext), method: 'password, factor added' });
  return [await startSession(request, context, accountId), cookie(context, 'mfa', '', 0)];
}

/** A passkey registration's options; its challenge is kept for the answer. */
export async function passkeyRegistrationOptions(context: Context, holder: { accountId: string; proof: Proof }) {
  const ceremony = await appOf(context).services.secondFactors.passkeyRegistration(holder);
  const id = await challengesOf(context).open('passkey', { accountId: holder.accountId, challenge: ceremony.challenge });
  return { options: ceremony.options, setCookie: cookie(context, 'passkey', id, 300) };
}

/** The challenge of this holder's passkey registration, taken (it answers once); null when none is open. */
export async function takeRegistrationChallenge(request: Request, context: Context, accountId: string): Promise<string | null> {
  const ceremony = await challengesOf(context).take(cookieOf(request, context, 'passkey'), 'passkey');
  return ceremony && ceremony.accountId === accountId ? ceremony.challenge : null;
}

export const clearPasskeyCookie = (context: Context) => cookie(context, 'passkey', '', 0);

export type { ChallengePurpose };

function factorErrorsIn(language: 'ja' | 'en') {
  const t = secondFactorTextsIn(language);
  return {
    // 400, not 401: the caller is signed in; the password typed again was wrong (a field of the form).
    wrong_password: { status: 400, error: t.wrongPassword, field: 'password' },
    no_password: { status: 409, error: t.noPassword },
    invalid_code: { status: 400, error: t.wrongCode, field: 'code' },
    totp_exists: { status: 409, error: t.totpExists },
    no_totp_setup: { status: 409, error: t.noTotpSetup },
    passkey_not_verified: { status: 400, error: t.passkeyRefused, field: 'response' },
    passkey_taken: { status: 409, error: t.passkeyTaken, field: 'response' },
    account_not_found: { status: 404, error: t.accountNotFound },
    own_factors: { status: 409, error: t.ownFactors },
  } as const;
}

/** The refusals of the factor calls, in the request's language. */
export const factorErrors = errorsByLanguage({ ja: factorErrorsIn('ja'), en: factorErrorsIn('en') });
