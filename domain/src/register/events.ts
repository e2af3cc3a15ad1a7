import { z } from 'zod';
import { isoDateSchema } from '../calendar/date-schemas';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';
import { dayFiguresSchema, NOTHING_OPEN, openAtCloseSchema } from './figures';

/**
 * A store's register (レジ): its daily closes (日計・レジ締め) and the corrections of closed days,
 * in one stream per store, `register-{storeId}` (decision 250). One stream, because closing a day
 * asks whether any closed day changed since, and a correction shows in the next close.
 */
export const REGISTER_CATEGORY = 'register';

export function toStreamName(storeId: string): string {
  return streamName(REGISTER_CATEGORY, storeId);
}

export function fromStreamName(streamId: string): { storeId: string } | null {
  const parts = streamParts(REGISTER_CATEGORY, streamId, 1);
  return parts ? { storeId: parts[0]! } : null;
}

/** A correction as the next close reports it: which day, why, who, and the sales before and after. */
export const reportedCorrectionSchema = z.object({
  correctionId: z.string(),
  businessDate: isoDateSchema,
  reason: z.string(),
  correctedBy: z.string(),
  correctedAt: z.string(),
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
});
export type ReportedCorrection = z.output<typeof reportedCorrectionSchema>;

export const registerEventSchemas = {
  /**
   * A business day closed: the figures as computed then, the cash counted against the cash
   * expected (difference = counted − expected), and the corrections recorded since the previous close.
   */
  DayClosed: z.object({
    businessDate: isoDateSchema,
    figures: dayFiguresSchema,
    cash: z.object({ expected: z.number().int(), counted: z.number().int(), difference: z.number().int() }),
    note: z.string(),
    corrections: z.array(reportedCorrectionSchema),
    /** Parties still seated and orders unpaid when the owner closed anyway (decision 516); none in closes before it. */
    openAtClose: openAtCloseSchema.default(NOTHING_OPEN),
    closedBy: z.string(),
    closedAt: z.string(),
  }),
  /** The sales of a closed day changed after its close (a late sale, a void, a refund): recorded with a reason; `after` is what the day now counts. */
  DayCorrected: z.object({
    correctionId: z.string(),
    businessDate: isoDateSchema,
    before: dayFiguresSchema,
    after: dayFiguresSchema,
    reason: z.string(),
    correctedBy: z.string(),
    correctedAt: z.string(),
  }),
};

export type RegisterEvent = EventsOf<typeof registerEventSchemas>;

export const parseRegisterEvent = eventParser(registerEventSchemas);
