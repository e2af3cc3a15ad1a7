import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { DomainError } from '@moncafe/domain/decider';
import { audit } from '@moncafe/infra/auth/audit';
import '#app/auth/auth.css';
import { readBody } from '#app/auth/login.server';
import { authTexts as t } from '#app/auth/texts';
import { appOf, clientAddressContext, correlationIdOf } from '#app/context';
import { MessageCard } from '#app/shared/message-card';

export const meta: Route.MetaFunction = () => [{ title: `${t.verifyEmailTitle} | MonCafe` }];

/** The mailed link's token, as the page carries it to the button (nothing is verified by opening the page). */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

type Outcome = { verified: true } | { verified: false; message: string };

/**
 * /verify-email?token=…: the sign-up mail's single-use link. Opening it shows a button; the
 * POST verifies, so a mail scanner that fetches links does not use the link up
 * (docs/security.md, finding 1). Only then are reservations made with the address shown on
 * /my-reservations.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, runtime } = appOf(context);
  const body = (await readBody(request)) as { token?: unknown } | null;
  const token = typeof body?.token === 'string' ? body.token.slice(0, 200) : '';
  const correlationId = correlationIdOf(context);
  try {
    const { accountId } = await services.accounts.verifyEmail(token, { correlationId, actor: 'customer' });
    audit(runtime.logger, 'email_verified', { accountId, ip: context.get(clientAddressContext) });
    return data<Outcome>({ verified: true });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const message = error.code === 'token_expired' ? t.verifyLinkExpired : t.verifyLinkInvalid;
    return data<Outcome>({ verified: false, message }, { status: 400 });
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const outcome = actionData as Outcome | undefined;
  if (outcome?.verified)
    return <MessageCard className="auth-card panel" title={t.verifyEmailTitle} body={t.emailVerified} link={{ to: '/login', label: t.toLogin }} />;
  if (outcome)
    return <MessageCard className="auth-card panel" alert title={t.verifyEmailTitle} body={outcome.message} link={{ to: '/login', label: t.toLogin }} />;
  return (
    <section className="auth-card panel">
      <h1>{t.verifyEmailTitle}</h1>
      <p>{t.verifyEmailLead}</p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button" disabled={busy || !loaderData.token}>
          {t.verifyEmailButton}
        </button>
      </Form>
    </section>
  );
}
