import type { PaymentMethod } from '@moncafe/domain/reservation/events';

/** A receipt of a finished checkout: its link, and a split part's label ("1/2") or null. */
export interface PaidReceipt {
  url: string;
  label: string | null;
}

/** One part of a split bill as paid: its label, its amount and how it was paid. */
export interface PaidPart {
  label: string;
  total: number;
  method: PaymentMethod;
}

/** A finished checkout, as the screen that took it shows it afterwards. */
export interface CheckoutDone {
  /** What was paid here and how: the whole bill, or the part of a split bill paid last. */
  total: number;
  method: PaymentMethod;
  /** A split bill's parts, each with its amount and how it was paid (decision 645). */
  parts?: readonly PaidPart[];
  receipts: PaidReceipt[];
  /** Cash handed over and the change, when staff entered the amount (decision 640). */
  cash?: { tendered: number; change: number } | null;
}
