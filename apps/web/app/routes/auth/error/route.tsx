import { localizedAuthTexts } from '#app/auth/texts';
import { titleMeta } from '#app/layout/texts';
import { AuthFailureCard } from '#app/auth/failure-card';

export const meta = titleMeta(localizedAuthTexts, (t) => t.authFailed);

export default function AuthError() {
  return <AuthFailureCard />;
}
