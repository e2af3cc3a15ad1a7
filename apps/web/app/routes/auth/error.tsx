import type { Route } from './+types/error';
import { authTexts } from '../../auth/texts';
import { AuthFailureCard } from './failure-card';

export const meta: Route.MetaFunction = () => [{ title: `${authTexts.authFailed} | MonCafe` }];

export default function AuthError() {
  return <AuthFailureCard />;
}
