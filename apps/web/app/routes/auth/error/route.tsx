import type { Route } from './+types/route';
import { authTexts } from '#app/auth/texts';
import { AuthFailureCard } from '#app/auth/failure-card';

export const meta: Route.MetaFunction = () => [{ title: `${authTexts.authFailed} | MonCafe` }];

export default function AuthError() {
  return <AuthFailureCard />;
}
