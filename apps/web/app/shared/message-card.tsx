import { Link } from 'react-router';
import '#app/auth/auth.css';
import { authTexts } from '#app/auth/texts';

/** Spec: 'authentication failed' and 'authentication parameters invalid', with a button back to login. */
export function AuthFailureCard() {
  return (
    <section className="auth-card auth-failed panel" role="alert">
      <h1>{authTexts.authFailed}</h1>
      <p>{authTexts.authParamsInvalid}</p>
      <Link to="/login" className="button">
        {authTexts.backToLogin}
      </Link>
    </section>
  );
}
