import type { PersonalData } from '../privacy/personal-data';
import { ACCOUNT_CATEGORY } from './events';

/**
 * An account's personal fields (decision 180): its holder's name and e-mail, the identity an
 * OIDC provider gives them, and the password hash (sealed so an export never carries it in the
 * clear). Sealed with the account's own key: the subject is the stream, `account-{accountId}`.
 */
export const accountPersonalData: PersonalData = {
  category: ACCOUNT_CATEGORY,
  events: {
    AccountRegistered: { name: 'text', email: 'text', passwordHash: 'none', externalIdentity: 'none' },
    PasswordChanged: { passwordHash: 'none' },
    ExternalIdentityLinked: { identity: 'none' },
    AccountForgotten: { name: 'text', email: 'text' },
    TotpSetupStarted: { secretSealed: 'none' },
    TotpSecretResealed: { secretSealed: 'none' },
    SecondFactorsReset: { reason: 'text' },
  },
};
