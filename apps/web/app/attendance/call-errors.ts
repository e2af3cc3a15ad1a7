import type { ErrorTable } from '#app/http/json.server';
import { attendanceTexts as t } from './texts';

/** Refusals of the time clock's calls, each in the words the screens show (texts.ts). */
export const attendanceErrors: ErrorTable = {
  attendance_already_clocked_in: { status: 409, error: t.alreadyClockedIn },
  attendance_not_clocked_in: { status: 409, error: t.notClockedIn },
  attendance_break_already_started: { status: 409, error: t.breakAlreadyStarted },
  attendance_break_not_started: { status: 409, error: t.breakNotStarted },
  attendance_outside_fence: { status: 403, error: t.outsideFence },
  attendance_location_required: { status: 400, error: t.locationRequired, field: 'latitude' },
  attendance_record_not_found: { status: 404, error: t.recordNotFound },
  attendance_reason_required: { status: 400, error: t.reasonRequired, field: 'reason' },
  attendance_out_before_in: { status: 400, error: t.outBeforeIn, field: 'out' },
  attendance_break_too_long: { status: 400, error: t.breakTooLong, field: 'break_minutes' },
  attendance_in_future: { status: 400, error: t.inFuture, field: 'in' },
  attendance_pin_format: { status: 400, error: t.pinFormat, field: 'pin' },
  attendance_wrong_pin: { status: 403, error: t.wrongPin, field: 'pin' },
  not_store_staff: { status: 403, error: t.notStoreStaff },
};
