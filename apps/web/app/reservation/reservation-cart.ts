import { cartStore } from '#app/cart/cart-store';

/**
 * The courses a guest is booking, kept apart from the table-order cart (decision 106): the
 * footer's カート button never shows them, and tapping it mid-booking cannot lose them. The
 * reservation screens show this cart themselves (ReservationSummary).
 */
export const reservationCart = cartStore('moncafe.reservation.cart');
