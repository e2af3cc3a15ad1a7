import type { PersonalData } from '../privacy/personal-data';
import { RESERVATION_CATEGORY } from './events';

/**
 * A reservation's personal fields (decision 180): the guest's contact and what they chose and
 * typed for the options — texts, message plates and picture ids — and their cancellation reason. Sealed with the reservation's
 * own key (the subject is the stream); the guest, known by e-mail, is every reservation made with it.
 */
const contact = { 'customer.name': 'text', 'customer.email': 'text', 'customer.phone': 'text' } as const;

export const reservationPersonalData: PersonalData = {
  category: RESERVATION_CATEGORY,
  events: {
    ReservationRequested: { ...contact, detail: 'empty', remarks: 'text' },
    GuestDetailsCorrected: { name: 'text', phone: 'text' },
    /** The reason a guest (or staff for them) typed when cancelling. */
    ReservationCancelled: { reason: 'text' },
    GuestForgotten: { ...contact, detail: 'empty', cancelReason: 'text' },
  },
};
