import { redirect } from 'react-router';

/** `/` and every unknown path go to the homepage (spec: routes). */
export function loader() {
  return redirect('/moncafe');
}

export function action() {
  return redirect('/moncafe');
}
