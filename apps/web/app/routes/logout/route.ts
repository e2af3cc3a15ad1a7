import { redirect } from 'react-router';
import type { Route } from './+types/route';
import { logOut } from '#app/auth/login.server';
import { getUser } from '#app/auth/session.server';

/** POST /logout (the header's and the login page's button): ends the session on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await logOut(request, context, await getUser(request, context));
  throw redirect('/login', { headers: { 'Set-Cookie': setCookie } });
}

/** A GET never changes state: it only leads to the login page, where the button is. */
export function loader() {
  throw redirect('/login');
}
