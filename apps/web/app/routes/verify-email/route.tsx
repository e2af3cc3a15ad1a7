import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { z } from 'zod';
import { audit } from '@moncafe/infra/auth/audit';
import { formAction, GUEST_ACTOR } from '#app/http/form-action.server';
import '#app/auth/auth.css';
import { authTexts as t } from '#app/auth/texts';
import { clientAddressContext } from '#app/context';
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
const formSchema = z.object({ token: z.string().catch('') }).catch({ token: '' });

export const action = formAction({
  roles: 'anyone',
  form: formSchema,
  refused: (message) => data<Outcome>({ verified: false, message }, { status: 400 }),
  errors: { token_expired: t.verifyLinkExpired, otherwise: t.verifyLinkInvalid },
  async handle({ form, services, runtime, correlationId, context }) {
    // The link's holder verifies, signed in or not.
    const { accountId } = await services.accounts.verifyEmail(form.token.slice(0, 200), { correlationId, actor: GUEST_ACTOR });
    audit(runtime.logger, 'email_verified', { accountId, ip: context.get(clientAddressContext) });
    return data<Outcome>({ verified: true });
  },
});

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
