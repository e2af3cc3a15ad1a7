import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { startOidcLogin } from '#app/auth/oidc.server';
import { getRuntime } from '#app/context';

/** GET /auth/oidc?redirectTo=…: off to the configured OpenID Connect provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!getRuntime(context).config.oidc) throw redirect('/login');
  const target = await startOidcLogin(context, new URL(request.url).searchParams.get('redirectTo'));
  throw redirect(target.toString());
}
