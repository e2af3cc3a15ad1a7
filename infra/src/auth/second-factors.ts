import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Otplib from 'otplib';
import type * as WebAuthn from '@simplewebauthn/server';
import type { Passkey } from '@moncafe/domain/account/decider';
import type { OneTimeCodes, PasskeyCeremonies } from '@moncafe/domain/account/second-factor-service';

/**
 * The cryptography of second factors (decision 540): TOTP codes by otplib (RFC 6238: SHA-1,
 * six digits, 30-second steps, as every authenticator app reads them) and WebAuthn ceremonies
 * by @simplewebauthn/server. Both load with the first use, not at the process's start (decision 440).
 */
const requireHere = createRequire(import.meta.url);
let otplib: typeof Otplib | null = null;
let webauthn: typeof WebAuthn | null = null;
const loadOtplib = () => (otplib ??= requireHere('otplib') as typeof Otplib);
const loadWebAuthn = () => (webauthn ??= requireHere('@simplewebauthn/server') as typeof WebAuthn);

const ISSUER = 'MonCafe';
const PERIOD_SECONDS = 30;
/** Crockford's base32 without look-alikes: a recovery code read off paper is typed right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const RECOVERY_LENGTH = 12;

export const otplibCodes: OneTimeCodes = {
  newSecret: () => loadOtplib().generateSecret(),
  address: ({ secret, label }) => loadOtplib().generateURI({ issuer: ISSUER, label, secret, period: PERIOD_SECONDS }),
  async stepOf(secret, code, now) {
    if (!/^\d{6}$/.test(code)) return null;
    const epoch = Math.floor(now.getTime() / 1000);
    // One step either side: a phone whose clock is a little off still signs in.
    const result = await loadOtplib().verify({ secret, token: code, epoch, period: PERIOD_SECONDS, epochTolerance: PERIOD_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
  recoveryCodes(count) {
    return Array.from({ length: count }, () => {
      const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
    });
  },
};

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** WebAuthn for the site at `publicUrl`: the relying party is its host name, answers must come from its origin. */
export function webAuthnCeremonies(publicUrl: string): PasskeyCeremonies {
  const url = new URL(publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;
  const descriptor = (p: Passkey) => ({ id: p.credentialId, transports: p.transports });
  return {
    async registrationOptions({ userId, userName, displayName, exclude }) {
      const options = await loadWebAuthn().generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName,
        userDisplayName: displayName,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        excludeCredentials: exclude.map(descriptor),
        // A resident key lets the passkey sign in without a password (the account is found from it).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { options: options as unknown as Record<string, unknown>, challenge: options.challenge };
    },
    async verifyRegistration({ response, challenge }) {
      try {
        const result = await loadWebAuthn().verifyRegistrationResponse({
          response: response as WebAuthn.RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!result.verified) return null;
        const { credential } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: base64url(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch {
        // A malformed or forged answer is a refusal, not an error of the server.
        return null;
      }
    },
    async authenticationOptions({ allow }) {
      const options = await loadWebAuthn().generateAuthenticationOptions({ rpID, allowCredentials: allow.map(descriptor), userVerification: 'required' });
      return { options: options as unknown as Record<string, unknown>, challenge: options.challenge };
    },
    credentialIdOf(response) {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(id) ? id : null;
    },
    async verifyAuthentication({ response, challenge, passkey }) {
      try {
        const result = await loadWebAuthn().verifyAuthenticationResponse({
          response: response as WebAuthn.AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports as WebAuthn.AuthenticatorTransport[],
          },
          requireUserVerification: true,
        });
        return result.verified ? { counter: result.authenticationInfo.newCounter } : null;
      } catch {
        return null;
      }
    },
  };
}
