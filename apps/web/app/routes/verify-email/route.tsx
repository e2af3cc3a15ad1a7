import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { z } from 'zod';
import { audit } from '@moncafe/infra/auth/audit';
import { formAction, GUEST_ACTOR } from '#app/http/form-action.server';
import '#app/auth/auth.css';
import { localizedAuthTexts } from '#app/auth/texts';
import { useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { clientAddressContext } from '#app/context';
import { MessageCard } from '#app/shared/message-card';

export const meta = titleMeta(localizedAuthTexts, (t) => t.verifyEmailTitle);

/** The mailed link's token, as the page carries it to the button (nothing is verified by opening the page). */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** A refusal names its text; the page words it in the guest's language. */
type Problem = 'verifyLinkExpired' | 'verifyLinkInvalid';
type Outcome = { verified: true } | { verified: false; problem: Problem };

/**
 * /verify-email?token=…: the sign-up mail's single-use link. Opening it shows a button; the
 * POST verifies, so a mail scanner that fetches links does not use the link up
 * (decision 051). Only then are reservations made with the address shown on
 * /my-reservations.
 */
const formSchema = z.object({ token: z.string().catch('') }).catch({ token: '' });

export const action = formAction({
  roles: 'anyone',
  form: formSchema,
  refused: (problem) => data<Outcome>({ verified: false, problem: problem === 'verifyLinkExpired' ? problem : 'verifyLinkInvalid' }, { status: 400 }),
  errors: { token_expired: 'verifyLinkExpired', otherwise: 'verifyLinkInvalid' } satisfies Record<string, Problem>,
  async handle({ form, services, runtime, correlationId, context }) {
    // The link's holder verifies, signed in or not.
    const { accountId } = await services.accounts.verifyEmail(form.token.slice(0, 200), { correlationId, actor: GUEST_ACTOR });
    audit(runtime.logger, 'email_verified', { accountId, ip: context.get(clientAddressContext) });
    return data<Outcome>({ verified: true });
  },
});

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTexts(localizedAuthTexts);
  const busy = useNavigation().state !== 'idle';
  const outcome = actionData as Outcome | undefined;
  if (outcome?.verified)
    return <MessageCard className="auth-card panel" title={t.verifyEmailTitle} body={t.emailVerified} link={{ to: '/login', label: t.toLogin }} />;
  if (outcome)
    return <MessageCard className="auth-card panel" alert title={t.verifyEmailTitle} body={t[outcome.problem]} link={{ to: '/login', label: t.toLogin }} />;
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
