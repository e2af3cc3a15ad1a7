import { z } from 'zod';
import type { RouterContextProvider } from 'react-router';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { emailSchema, normalizeEmail, PASSWORD_MAX, PASSWORD_MIN } from '@moncafe/domain/account/events';
import { unstorableTextIn } from '@moncafe/domain/text';
import { audit } from '@moncafe/infra/auth/audit';
import { loginThrottle } from '@moncafe/infra/auth/login-throttle';
import { rateLimitAll, rateLimits } from '@moncafe/infra/auth/rate-limit';
import { sha256Hex } from '@moncafe/infra/system';
import { appOf, clientAddressContext, getRuntime, correlationIdOf } from '#app/context';
import { bodyTooLarge, readBytes } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { text } from '#app/http/text-schema';
import { pageLanguageOf } from '#app/i18n/language';
import { afterPassword } from './second-factor.server';
import { authTextsIn } from './texts';

export type AuthOutcome =
  /** Signed in; `deadline`: the end of the grace to add a second factor this account must have (decision 540). */
  | { ok: true; user: SignedInUser; setCookie: string; deadline?: string | null }
  /** The password was right; the second factor is awaited (decision 540): no session yet. */
  | { ok: true; mfaRequired: true; methods: ('totp' | 'passkey')[]; setCookie: string }
  /** The password was right, the grace to add a required second factor is over: only adding one goes on. */
  | { ok: true; enrolRequired: true; deadline: string; setCookie: string }
  /** Sign-up: a mail went to the address (a verification link, or a note to its holder); nobody is signed in. */
  | { ok: true; mailed: true; notice: string }
  | { ok: false; status: 400 | 401 | 409 | 429 | 500; error: string; retryAfterSeconds?: number; fieldErrors?: Record<string, string> };

const loginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

type AuthTexts = ReturnType<typeof authTextsIn>;

/** Sign-up's fields, their refusals worded in the visitor's language (decision 394). */
function registerSchemaIn(t: AuthTexts) {
  return z.object({
    // Mailed back in the verification mail: one line, short, so nobody phishes through our mails (decision 052).
    name: text({ max: 50, min: 1, required: t.nameRequired }),
    email: emailSchema,
    password: z.string().min(PASSWORD_MIN, t.passwordTooShort).max(PASSWORD_MAX, t.passwordTooLong),
  });
}
const registerSchemas = { ja: registerSchemaIn(authTextsIn('ja')), en: registerSchemaIn(authTextsIn('en')) };

function fieldErrors(error: z.ZodError, t: AuthTexts): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= field === 'email' ? t.emailInvalid : issue.message;
  }
  return errors;
}

/** E-mail and password sign-in, shared by the /login form and POST /api/auth/login. */
export async function logIn(request: Request, context: Readonly<RouterContextProvider>, input: unknown): Promise<AuthOutcome> {
  const { runtime, services } = appOf(context);
  const t = authTextsIn(pageLanguageOf(request));
  const ip = context.get(clientAddressContext);
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: t.invalidInput, fieldErrors: fieldErrors(parsed.error, t) };
  const emailHash = sha256Hex(normalizeEmail(parsed.data.email));

  // Checked before the password is: a flood of guesses costs no argon2 work past the limits.
  // Wrong passwords lock the account for this address only, with back-off; the owner signing in
  // from another address is never locked out, and a success is not counted (decision 053).
  const throttle = loginThrottle({ db: runtime.db, clock: runtime.clock });
  const pair = `${emailHash}:${ip ?? 'unknown'}`;
  const limited = ip ? await rateLimitAll(runtime, [{ key: `login:ip:${ip}`, ...rateLimits.loginPerIp }]) : ({ ok: true } as const);
  const locked = limited.ok ? await throttle.check(pair) : null;
  if (!limited.ok || locked?.locked) {
    audit(runtime.logger, 'rate_limited', { ip, emailHash, reason: limited.ok ? 'login locked for this address' : 'login per ip' });
    const retryAfterSeconds = !limited.ok ? limited.retryAfterSeconds : locked?.locked ? locked.retryAfterSeconds : 60;
    return { ok: false, status: 429, error: t.tooManyRequests, retryAfterSeconds };
  }

  const user = await services.accounts.authenticate(parsed.data.email, parsed.data.password);
  if (!user) {
    audit(runtime.logger, 'login_failed', { ip, emailHash, reason: 'wrong credentials' });
    const lockout = await throttle.failed(pair);
    if (lockout) audit(runtime.logger, 'login_locked', { ip, emailHash, reason: `locked for ${lockout.lockedForSeconds} s (lockout ${lockout.lockouts})` });
    return { ok: false, status: 401, error: t.wrongCredentials };
  }
  await throttle.succeeded(pair);
  const step = await afterPassword(request, context, user);
  if (step.next === 'mfa') {
    audit(runtime.logger, 'login_succeeded', { accountId: user.id, ip, method: 'password, second factor awaited' });
    return { ok: true, mfaRequired: true, methods: step.methods, setCookie: step.setCookie };
  }
  if (step.next === 'enrol') return { ok: true, enrolRequired: true, deadline: step.deadline, setCookie: step.setCookie };
  audit(runtime.logger, 'login_succeeded', { accountId: user.id, ip, method: 'password' });
  return { ok: true, user, setCookie: step.setCookie, deadline: step.deadline };
}

/**
 * Customer sign-up, shared by the /login form and POST /api/auth/register. Answers the same
 * whether or not the address has an account (decision 051): the address gets a
 * verification link, or its holder a note; nobody is signed in until they sign in.
 */
export async function register(request: Request, context: Readonly<RouterContextProvider>, input: unknown): Promise<AuthOutcome> {
  const { runtime, services } = appOf(context);
  const language = pageLanguageOf(request);
  const t = authTextsIn(language);
  const ip = context.get(clientAddressContext);
  const parsed = registerSchemas[language].safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, t);
    return { ok: false, status: 400, error: Object.values(errors)[0] ?? t.invalidInput, fieldErrors: errors };
  }
  const emailHash = sha256Hex(parsed.data.email);
  const limited = await rateLimitAll(runtime, ip ? [{ key: `register:ip:${ip}`, ...rateLimits.registerPerIp }] : []);
  if (!limited.ok) {
    audit(runtime.logger, 'rate_limited', { ip, emailHash, reason: 'register' });
    return { ok: false, status: 429, error: t.tooManyRequests, retryAfterSeconds: limited.retryAfterSeconds };
  }
  try {
    const correlationId = correlationIdOf(context);
    const { accountId } = await services.accounts.register({ ...parsed.data, language }, { correlationId, actor: 'customer' });
    // The log says what happened; the answer is the same either way.
    if (accountId) audit(runtime.logger, 'account_registered', { accountId, ip, correlationId });
    else audit(runtime.logger, 'registration_failed', { ip, emailHash, reason: 'email taken: its holder was mailed' });
    return { ok: true, mailed: true, notice: t.verificationMailSent };
  } catch (error) {
    runtime.logger.error({ err: error, ip }, 'registration failed');
    return { ok: false, status: 500, error: t.serverError };
  }
}

/** Ends the session on the server; returns the Set-Cookie value that clears the cookie. */
export async function logOut(request: Request, context: Readonly<RouterContextProvider>, user: SignedInUser | null): Promise<string> {
  const runtime = getRuntime(context);
  const setCookie = await runtime.sessions.destroy(request.headers.get('cookie'));
  if (user) audit(runtime.logger, 'logout', { accountId: user.id, ip: context.get(clientAddressContext) });
  return setCookie;
}

/** The JSON answer of the auth calls (spec: success, user, error). */
export function authJson(outcome: AuthOutcome): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (outcome.ok && 'mailed' in outcome) return Response.json({ success: true, message: outcome.notice }, { headers });
  if (outcome.ok && 'mfaRequired' in outcome) {
    // No session: the second step (POST /api/auth/mfa/verify, or the passkey ceremony) opens it.
    headers.append('Set-Cookie', outcome.setCookie);
    return Response.json({ success: false, mfa_required: true, methods: outcome.methods }, { headers });
  }
  if (outcome.ok && 'enrolRequired' in outcome) {
    headers.append('Set-Cookie', outcome.setCookie);
    return Response.json({ success: false, mfa_setup_required: true, deadline: outcome.deadline }, { headers });
  }
  if (outcome.ok) {
    headers.append('Set-Cookie', outcome.setCookie);
    return Response.json({ success: true, user: publicUser(outcome.user), ...(outcome.deadline ? { mfa_setup_deadline: outcome.deadline } : {}) }, { headers });
  }
  if (outcome.retryAfterSeconds !== undefined) headers.set('Retry-After', String(outcome.retryAfterSeconds));
  return Response.json(
    { success: false, error: outcome.error, ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}) },
    { status: outcome.status, headers },
  );
}

/** What the browser may see of the user: spec "signed-in user: name, email", plus id and roles for the menus. */
export function publicUser(user: SignedInUser) {
  return { id: user.id, name: user.name, email: user.email, roles: user.roles };
}

/** Sign-in and sign-up forms are a few hundred bytes; anything much larger is refused unread. */
const AUTH_BODY_MAX_BYTES = 8 * 1024;

/**
 * Reads a JSON body, or a url-encoded form body, as a plain object (null when it is neither, or
 * when it carries U+0000 or an unpaired surrogate anywhere: the page forms' one body edge, as
 * json.server.ts is the calls'; decision 163), at most 8 KiB of it; a larger one throws
 * a 413 answer (the call edge's envelope) that jsonCall sends as it is and a page action's
 * error boundary shows with its status. The express guard only refuses pages over 64 KiB: between
 * the two caps, the edge's own refusal reached page actions as a 500 (decision 270).
 * Each form then answers null as the invalid form it is.
 */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readBytes(request, AUTH_BODY_MAX_BYTES).catch((error: unknown) => {
    if (bodyTooLarge(error))
      throw Response.json({ success: false, error: callTexts.tooLarge, field: 'body' }, { status: 413, headers: { 'Cache-Control': 'no-store' } });
    throw error;
  });
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = type.includes('application/json') ? (JSON.parse(text) as unknown) : Object.fromEntries(new URLSearchParams(text));
  } catch {
    return null;
  }
  return unstorableTextIn(body) === null ? body : null;
}
