import type { AccountMails } from '../account/account-service';
import type { ReservationMails } from '../reservation/ports';

/**
 * Mail wording for tests that start a runtime but do not read the mails' text: each mail names
 * what it is in its subject and goes to the address the service chose.
 */
export const stubReservationMails: ReservationMails = {
  confirmationRequest: (summary) => ({ to: summary.customer.email, subject: 'confirm', text: 'confirm' }),
  confirmed: (summary) => ({ to: summary.customer.email, subject: 'confirmed', text: 'confirmed' }),
  cancelled: (summary) => ({ to: summary.customer.email, subject: 'cancelled', text: 'cancelled' }),
};

export const stubAccountMails: AccountMails = {
  verifyEmail: ({ to, token }) => ({ to, subject: 'verify', text: token }),
  alreadyRegistered: ({ to }) => ({ to, subject: 'already registered', text: 'already registered' }),
};

/** What startRuntime needs for the mails' wording. */
export const stubMails = { reservationMails: stubReservationMails, accountMails: stubAccountMails };
