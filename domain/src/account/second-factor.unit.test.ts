import { describe, expect, it } from 'vitest';
import type { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { accountDecider, hasSecondFactor } from './decider';
import type { AccountEvent } from './events';

const now = new Date('2026-12-01T01:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(accountDecider);
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'a1', name: '山田', email: 'yamada@example.com', passwordHash: '$argon2id$h', roles: ['staff'], externalIdentity: null, registeredAt: at },
};
const started: AccountEvent = { type: 'TotpSetupStarted', data: { accountId: 'a1', secretSealed: 'v1.sealed', startedAt: at } };
const confirmed: AccountEvent = { type: 'TotpConfirmed', data: { accountId: 'a1', timeStep: 100, recoveryCodeHashes: ['h1', 'h2'], confirmedAt: at } };
const passkey = { credentialId: 'cred-1', publicKey: 'pk', counter: 0, transports: ['internal'] };
const passkeyAdded: AccountEvent = { type: 'PasskeyAdded', data: { accountId: 'a1', ...passkey, addedAt: at } };
const code = (c: string) => (e: DomainError) => e.code === c;

describe('second factors of an account', () => {
  describe('when it has none', () => {
    it('starts an authenticator app, which counts only once confirmed', () => {
      spec
        .given([registered])
        .when({ type: 'StartTotpSetup', data: { secretSealed: 'v1.sealed', now } })
        .then([started]);
      expect(hasSecondFactor(accountDecider.evolve(accountDecider.evolve(accountDecider.initialState(), registered), started) as never)).toBe(false);
    });
    it('refuses a confirmation before a setup, and a code', () => {
      spec
        .given([registered])
        .when({ type: 'ConfirmTotp', data: { timeStep: 1, recoveryCodeHashes: [], now } })
        .thenThrows<DomainError>(code('no_totp_setup'));
      spec
        .given([registered])
        .when({ type: 'UseTotpCode', data: { timeStep: 1, now } })
        .thenThrows<DomainError>(code('no_totp'));
    });
    it('records nothing for a reset or a removal', () => {
      spec
        .given([registered])
        .when({ type: 'ResetSecondFactors', data: { by: 'admin', reason: '紛失', now } })
        .thenNothingHappens();
      spec.given([registered]).when({ type: 'RemoveTotp', data: { now } }).thenNothingHappens();
    });
    it('asks for one once: the grace does not start again', () => {
      const deadline = new Date('2026-12-08T01:00:00.000Z');
      const asked: AccountEvent = { type: 'SecondFactorAsked', data: { accountId: 'a1', deadline: deadline.toISOString(), askedAt: at } };
      spec.given([registered]).when({ type: 'AskForSecondFactor', data: { deadline, now } }).then([asked]);
      spec
        .given([registered, asked])
        .when({ type: 'AskForSecondFactor', data: { deadline: new Date('2027-01-01T00:00:00Z'), now } })
        .thenNothingHappens();
    });
  });

  describe('when an authenticator app is pending', () => {
    it('confirms it with ten recovery codes kept as hashes', () => {
      spec
        .given([registered, started])
        .when({ type: 'ConfirmTotp', data: { timeStep: 100, recoveryCodeHashes: ['h1', 'h2'], now } })
        .then([confirmed]);
    });
  });

  describe('when an authenticator app is confirmed', () => {
    it('takes a newer step once and refuses it, or an older one, again', () => {
      const used: AccountEvent = { type: 'TotpCodeUsed', data: { accountId: 'a1', timeStep: 101, usedAt: at } };
      spec
        .given([registered, started, confirmed])
        .when({ type: 'UseTotpCode', data: { timeStep: 101, now } })
        .then([used]);
      spec
        .given([registered, started, confirmed, used])
        .when({ type: 'UseTotpCode', data: { timeStep: 101, now } })
        .thenThrows<DomainError>(code('code_reused'));
      spec
        .given([registered, started, confirmed])
        .when({ type: 'UseTotpCode', data: { timeStep: 100, now } })
        .thenThrows<DomainError>(code('code_reused'));
    });
    it('takes each recovery code once', () => {
      const used: AccountEvent = { type: 'RecoveryCodeUsed', data: { accountId: 'a1', codeHash: 'h1', usedAt: at } };
      spec
        .given([registered, started, confirmed])
        .when({ type: 'UseRecoveryCode', data: { codeHash: 'h1', now } })
        .then([used]);
      spec
        .given([registered, started, confirmed, used])
        .when({ type: 'UseRecoveryCode', data: { codeHash: 'h1', now } })
        .thenThrows<DomainError>(code('invalid_code'));
    });
    it('refuses a second setup until the app is removed', () => {
      spec
        .given([registered, started, confirmed])
        .when({ type: 'StartTotpSetup', data: { secretSealed: 'v1.other', now } })
        .thenThrows<DomainError>(code('totp_exists'));
      spec
        .given([registered, started, confirmed, { type: 'TotpRemoved', data: { accountId: 'a1', removedAt: at } }])
        .when({ type: 'UseRecoveryCode', data: { codeHash: 'h2', now } })
        .thenThrows<DomainError>(code('invalid_code'));
    });
    it('reseals the secret only when it changes', () => {
      spec
        .given([registered, started, confirmed])
        .when({ type: 'ResealTotpSecret', data: { secretSealed: 'v1.sealed', now } })
        .thenNothingHappens();
      spec
        .given([registered, started, confirmed])
        .when({ type: 'ResealTotpSecret', data: { secretSealed: 'v1.new', now } })
        .then([{ type: 'TotpSecretResealed', data: { accountId: 'a1', secretSealed: 'v1.new', resealedAt: at } }]);
    });
    it('is reset by an admin with a reason, and then nothing is left', () => {
      const reset: AccountEvent = { type: 'SecondFactorsReset', data: { accountId: 'a1', by: 'admin-1', reason: '端末の紛失', resetAt: at } };
      spec
        .given([registered, started, confirmed, passkeyAdded])
        .when({ type: 'ResetSecondFactors', data: { by: 'admin-1', reason: '端末の紛失', now } })
        .then([reset]);
      spec
        .given([registered, started, confirmed, passkeyAdded, reset])
        .when({ type: 'UseRecoveryCode', data: { codeHash: 'h1', now } })
        .thenThrows<DomainError>(code('invalid_code'));
      spec
        .given([registered, started, confirmed, passkeyAdded, reset])
        .when({ type: 'UsePasskey', data: { credentialId: 'cred-1', counter: 1, now } })
        .thenThrows<DomainError>(code('unknown_passkey'));
    });
  });

  describe('passkeys', () => {
    it('adds a passkey once', () => {
      spec
        .given([registered])
        .when({ type: 'AddPasskey', data: { ...passkey, now } })
        .then([passkeyAdded]);
      spec
        .given([registered, passkeyAdded])
        .when({ type: 'AddPasskey', data: { ...passkey, now } })
        .thenNothingHappens();
    });
    it('signs in with a counter that goes up, and refuses one that goes back', () => {
      const used: AccountEvent = { type: 'PasskeyUsed', data: { accountId: 'a1', credentialId: 'cred-1', counter: 5, usedAt: at } };
      spec
        .given([registered, passkeyAdded])
        .when({ type: 'UsePasskey', data: { credentialId: 'cred-1', counter: 5, now } })
        .then([used]);
      spec
        .given([registered, passkeyAdded, used])
        .when({ type: 'UsePasskey', data: { credentialId: 'cred-1', counter: 5, now } })
        .thenThrows<DomainError>(code('passkey_counter'));
    });
    it('takes an authenticator that never counts (always 0)', () => {
      spec
        .given([registered, passkeyAdded])
        .when({ type: 'UsePasskey', data: { credentialId: 'cred-1', counter: 0, now } })
        .then([{ type: 'PasskeyUsed', data: { accountId: 'a1', credentialId: 'cred-1', counter: 0, usedAt: at } }]);
    });
    it('removes a passkey it has, and nothing for one it has not', () => {
      spec
        .given([registered, passkeyAdded])
        .when({ type: 'RemovePasskey', data: { credentialId: 'cred-1', now } })
        .then([{ type: 'PasskeyRemoved', data: { accountId: 'a1', credentialId: 'cred-1', removedAt: at } }]);
      spec
        .given([registered])
        .when({ type: 'RemovePasskey', data: { credentialId: 'cred-1', now } })
        .thenNothingHappens();
    });
  });

  describe('when its holder is forgotten', () => {
    it('keeps no factor', () => {
      const forgotten: AccountEvent = { type: 'AccountForgotten', data: { accountId: 'a1', name: '', email: '', forgottenAt: at } };
      spec
        .given([registered, started, confirmed, passkeyAdded, forgotten])
        .when({ type: 'UseRecoveryCode', data: { codeHash: 'h1', now } })
        .thenThrows<DomainError>(code('invalid_code'));
    });
  });
});
