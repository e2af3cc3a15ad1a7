import { redirect } from 'react-router';
import { formAction } from '#app/http/form-action.server';
import { logOut } from '#app/auth/login.server';

/** POST /logout (the header's and the login page's button): ends the session on the server. */
export const action = formAction({
  roles: 'anyone',
  async handle({ request, context, user }) {
    const setCookie = await logOut(request, context, user);
    throw redirect('/login', { headers: { 'Set-Cookie': setCookie } });
  },
});

/** A GET never changes state: it only leads to the login page, where the button is. */
export function loader() {
  throw redirect('/login');
}
