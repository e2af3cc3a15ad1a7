import '#app/auth/auth.css';
import { MessageCard } from '#app/shared/message-card';
import { useTexts } from '#app/i18n/language';
import { localizedAuthTexts } from './texts';

/** Spec: 'authentication failed' and 'authentication parameters invalid', with a button back to login. */
export function AuthFailureCard() {
  const authTexts = useTexts(localizedAuthTexts);
  return (
    <MessageCard
      alert
      className="auth-card auth-failed panel"
      title={authTexts.authFailed}
      body={authTexts.authParamsInvalid}
      link={{ to: '/login', label: authTexts.backToLogin }}
    />
  );
}
