import { redirect } from 'react-router';
import { formAction } from '#app/http/form-action.server';

/** `/` and every unknown path go to the homepage (spec: routes). */
export function loader() {
  return redirect('/moncafe');
}

export const action = formAction({ roles: 'anyone', handle: () => redirect('/moncafe') });
