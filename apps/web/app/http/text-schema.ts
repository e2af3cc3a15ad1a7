import { z } from 'zod';
import { hasNoBidiControls, isOneLineName, isPlainText, isStorableText, lineCount } from '@moncafe/domain/text';
import { callTexts } from './texts';

/**
 * The one string schema of the calls: storable text (no U+0000, no unpaired surrogate — the edge
 * refuses those in every body, query and path of every call anyway), trimmed, at most `max`
 * characters and one line unless `lines` allows more (line breaks are then the only control
 * characters kept); never a bidi override or isolate (a one-line text is `isOneLineName`). Free text that goes into a mail gets a length and a line limit here
 * (decisions 052 and 054).
 *
 *   name: text({ max: 50, min: 1, required: t.nameRequired })
 */
export function text(options: { max: number; min?: number; lines?: number; required?: string }) {
  const lines = options.lines ?? 1;
  return z
    .string()
    .trim()
    .refine(isStorableText, callTexts.textRefused)
    .refine((v) => (lines === 1 ? isOneLineName(v) : isPlainText(v.replace(/\r?\n/g, '')) && hasNoBidiControls(v)), callTexts.textRefused)
    .refine((v) => lineCount(v) <= lines, callTexts.tooManyLines(lines))
    .refine((v) => v.length >= (options.min ?? 0), options.required ?? callTexts.checkRequiredFields)
    .refine((v) => v.length <= options.max, callTexts.tooLong(options.max));
}

/** A cancellation reason: free text that may reach the cafe's mails, so short and of few lines. */
export const CANCEL_REASON_MAX = 200;
export const CANCEL_REASON_LINES = 5;
