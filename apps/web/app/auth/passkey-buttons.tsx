import { useState } from 'react';
import { startAuthentication, startRegistration, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Role } from '@moncafe/domain/account/events';
import { callJson } from '#app/http/api-client';
import { areaHomeOf } from './area-home';
import { useTexts } from '#app/i18n/language';
import { localizedSecondFactorTexts } from './second-factor-texts';

/**
 * The browser's half of the passkey ceremonies (decision 540): the server's options go to the
 * authenticator through @simplewebauthn/browser, and its answer back to the server, which checks it.
 */
type Options = { success: true; options: Record<string, unknown> };

function failureText(error: unknown, t: { passkeyCancelled: string; passkeyRefused: string }): string {
  return error instanceof Error && error.name === 'NotAllowedError' ? t.passkeyCancelled : t.passkeyRefused;
}

/** Signs in with a passkey: the second step after a password, or on its own (no password). */
export function PasskeySignInButton({ redirectTo, label }: { redirectTo: string; label: string }) {
  const t = useTexts(localizedSecondFactorTexts);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setError(null);
    if (!browserSupportsWebAuthn()) return setError(t.passkeyUnsupported);
    setBusy(true);
    try {
      const started = await callJson<Options>('/api/auth/passkey/options', { method: 'POST', body: {} });
      if (!started.ok) return setError(started.body.error ?? t.passkeyRefused);
      const response = await startAuthentication({ optionsJSON: started.body.options as unknown as PublicKeyCredentialRequestOptionsJSON });
      const verified = await callJson<{ success: true; user: { roles: Role[] } | null }>('/api/auth/passkey/verify', { method: 'POST', body: { response } });
      if (!verified.ok) return setError(verified.body.error ?? t.passkeyRefused);
      // No target named: the signed-in person's own area, as a password sign-in goes.
      window.location.assign(redirectTo || areaHomeOf(verified.body.user?.roles ?? ['customer']));
    } catch (caught) {
      setError(failureText(caught, t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="passkey-sign-in">
      <button type="button" className="button secondary" onClick={() => void signIn()} disabled={busy}>
        {busy ? t.loading : label}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Adds a passkey to the account: the password typed again (unless a sign-in past its grace is adding its first factor). */
export function AddPasskeyButton({ askPassword, onAdded }: { askPassword: boolean; onAdded: () => void }) {
  const t = useTexts(localizedSecondFactorTexts);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function add() {
    setError(null);
    if (!browserSupportsWebAuthn()) return setError(t.passkeyUnsupported);
    setBusy(true);
    try {
      const started = await callJson<Options>('/api/auth/mfa/passkeys/options', { method: 'POST', body: askPassword ? { password } : {} });
      if (!started.ok) return setError(started.body.error ?? t.passkeyRefused);
      const response = await startRegistration({ optionsJSON: started.body.options as unknown as PublicKeyCredentialCreationOptionsJSON });
      const added = await callJson<{ success: true }>('/api/auth/mfa/passkeys', { method: 'POST', body: { response } });
      if (!added.ok) return setError(added.body.error ?? t.passkeyRefused);
      setPassword('');
      onAdded();
    } catch (caught) {
      setError(failureText(caught, t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="passkey-add"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      {askPassword && (
        <div className="field">
          <label htmlFor="passkey-password">{t.passwordAgain}</label>
          <input
            id="passkey-password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.loading : t.passkeyAdd}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
