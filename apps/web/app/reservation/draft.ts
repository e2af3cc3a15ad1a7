import { z } from 'zod';
import { browserStorage as storage } from '#app/shared/browser-storage';

/**
 * The reservation draft kept in the browser between the steps (customer-site.md §3): party,
 * date, time, held seats, option details and the customer's contact. Cleared with the cart.
 */
const draftSchema = z.object({
  people: z.number().int().min(1).max(6).default(2),
  date: z.string().nullable().default(null),
  time: z.string().nullable().default(null),
  seat_ids: z.array(z.string()).default([]),
  detail: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  customerName: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  /** Remarks for the store (allergies …), optional (decision 282). */
  remarks: z.string().default(''),
  /** The store the seats are held at (`?store=`, decision 406); null: the first open store. */
  storeId: z.string().nullable().default(null),
});
export type Draft = z.output<typeof draftSchema>;

const DRAFT_KEY = 'moncafe.reservation.draft';

export function readDraft(): Draft {
  try {
    return draftSchema.parse(JSON.parse(storage()?.getItem(DRAFT_KEY) ?? '{}'));
  } catch {
    return draftSchema.parse({});
  }
}

export function writeDraft(change: Partial<Draft>): Draft {
  const next = { ...readDraft(), ...change };
  storage()?.setItem(DRAFT_KEY, JSON.stringify(next));
  return next;
}

export function clearDraft(): void {
  storage()?.removeItem(DRAFT_KEY);
}

/** Phone as three digit-only parts of at most 4 digits; valid with at least 2, 3 and 4 digits (§5). */
export function phonePartsValid(parts: readonly [string, string, string]): boolean {
  const [a, b, c] = parts;
  return /^\d{2,4}$/.test(a) && /^\d{3,4}$/.test(b) && /^\d{4}$/.test(c);
}

/** Keeps digits only, at most 4. */
export function phonePart(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export function isEmail(value: string): boolean {
  return z.email().safeParse(value.trim()).success;
}

/** GET /api/auth/status as the customer information page reads it (spec: signed-in user name, email). */
const authStatusSchema = z.object({
  authenticated: z.boolean(),
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
});

/**
 * What a signed-in customer's account fills in on the contact form: only fields still empty, so
 * what the guest typed (or the draft kept) always wins. Nothing for a guest or an unreadable answer.
 */
export function contactPrefill(current: { name: string; email: string }, status: unknown): { name?: string; email?: string } {
  const parsed = authStatusSchema.safeParse(status);
  if (!parsed.success || !parsed.data.authenticated || !parsed.data.user) return {};
  const { user } = parsed.data;
  return {
    ...(current.name.trim() === '' && user.name.trim() !== '' ? { name: user.name } : {}),
    ...(current.email.trim() === '' && user.email.trim() !== '' ? { email: user.email } : {}),
  };
}
