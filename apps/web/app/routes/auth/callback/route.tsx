import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { finishOidcLogin } from '#app/auth/oidc.server';
import { localizedAuthTexts } from '#app/auth/texts';
import { languageOfMatches, textsIn, useTexts } from '#app/i18n/language';
import { pageTitle } from '#app/layout/texts';
import { AuthFailureCard } from '#app/auth/failure-card';

/** The tab says what happened: a failed sign-in no longer reads 認証処理中 (decision 191). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const authTexts = textsIn(localizedAuthTexts, languageOfMatches(matches));
  return [{ title: pageTitle(loaderData?.failed ? authTexts.authFailed : authTexts.callbackProcessing) }];
};

/**
 * /auth/callback?code&state (or &message=auth_failed): the provider's answer. A good one signs
 * the user in and continues to /auth/success; anything else shows the failure card.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('message') === 'auth_failed' || params.has('error') || !params.get('code') || !params.get('state')) {
    return { failed: true };
  }
  const outcome = await finishOidcLogin(request, context);
  if (!outcome.ok) return { failed: true };
  throw redirect(`/auth/success?redirectTo=${encodeURIComponent(outcome.redirectTo)}`, { headers: { 'Set-Cookie': outcome.setCookie } });
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const authTexts = useTexts(localizedAuthTexts);
  return loaderData.failed ? <AuthFailureCard /> : <p>{authTexts.callbackProcessing}</p>;
}
