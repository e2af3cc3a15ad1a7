import { addMonths, formatYearMonth, tokyoDateOf, yearMonthOf } from '../calendar/dates';
import { commandHandler, currentState, type CommandContext, type HandlerDeps } from '../command-handler';
import type { Passwords } from '../account/account-service';
import { requireStoreStaff, type StoreStaffDirectory } from '../account/store-membership';
import { DomainError } from '../decider';
import type { Clock } from '../ports';
import { checkLocation, type ReportedPosition } from '../table/geofence';
import { clockPinDecider, clockPinSchema, clockPinStream } from './clock-pin';
import { attendanceMonthDecider, openRecord, type ClockKind, type CorrectedTime } from './decider';
import { recordKeyOf, toStreamName, type AttendanceMonthKey, type ClockPlace } from './events';
import type { AttendanceDirectory } from './ports';

/**
 * `attendance_outside_fence` / `attendance_location_required`: the store refuses presses from
 * outside its fence (or without a position). `attendance_record_not_found` also answers a record
 * of another store than the one named, so an id tells nothing about other stores.
 */
export type AttendanceServiceErrorCode =
  | 'attendance_outside_fence'
  | 'attendance_location_required'
  | 'attendance_record_not_found'
  /** The tablet's PIN: not 4–6 digits, or not the person's (also when they set none). */
  | 'attendance_pin_format'
  | 'attendance_wrong_pin';

const refuse = (code: AttendanceServiceErrorCode) => new DomainError<AttendanceServiceErrorCode>(code);

/**
 * The time clock: a staff member presses 出勤, 休憩開始, 休憩終了, 退勤 for themselves; the owner
 * corrects a record with a reason. Each writes one person's month at one store.
 */
export function attendanceService(
  ports: HandlerDeps & { clock: Clock; storeStaff: StoreStaffDirectory; attendanceDirectory: AttendanceDirectory; passwords: Passwords },
) {
  const { handle } = commandHandler(attendanceMonthDecider, ports);
  const pins = commandHandler(clockPinDecider, ports);
  const run = (key: AttendanceMonthKey, command: Parameters<typeof handle>[1], context: CommandContext) =>
    handle(toStreamName(key), command, { ...context, storeId: key.storeId });

  /** The phone's position against the store's fence; a refusal when the store says so (decision 568). */
  async function placeOf(storeId: string, via: 'phone' | 'tablet', position: ReportedPosition | null): Promise<ClockPlace> {
    if (via === 'tablet') return 'tablet';
    const [fence, settings] = await Promise.all([ports.attendanceDirectory.fence(storeId), ports.attendanceDirectory.settingsOf(storeId)]);
    const verdict = checkLocation(fence, position);
    // The fence is a second signal, never the only one: a store with no coordinates yet takes presses.
    if (settings.outside_fence === 'refuse' && verdict === 'outside_geofence') throw refuse('attendance_outside_fence');
    if (settings.outside_fence === 'refuse' && verdict === 'location_required') throw refuse('attendance_location_required');
    return verdict;
  }

  /**
   * One press of `userId` at `storeId`. A shift that began last month (退勤 after midnight on the
   * 1st) is ended in last month's stream. Throws the decider's codes.
   */
  async function press(input: { storeId: string; userId: string; kind: ClockKind; place: ClockPlace }, context: CommandContext) {
    const now = ports.clock.now();
    const today = tokyoDateOf(now);
    const key = { storeId: input.storeId, userId: input.userId, month: today.slice(0, 7) };
    const previous = { ...key, month: formatYearMonth(addMonths(yearMonthOf(today), -1)) };
    const command = { type: 'Clock' as const, kind: input.kind, place: input.place, key, now: now.toISOString(), by: input.userId };
    // Only on the 1st can a record still be open in last month's stream.
    const carried = today.endsWith('-01') ? openRecord(await currentState(ports.eventStore, attendanceMonthDecider, toStreamName(previous)), now) : null;
    if (carried && input.kind === 'in') throw new DomainError('attendance_already_clocked_in');
    const result = carried ? await run(previous, { ...command, key: previous }, context) : await run(key, command, context);
    const last = result.events[result.events.length - 1]!;
    return { recordId: last.data.recordId, at: now.toISOString(), position: result.position };
  }

  return {
    /**
     * One press for oneself (the phone). Throws the decider's codes, the fence's, or `not_store_staff`.
     */
    async clock(input: { storeId: string; kind: ClockKind; via: 'phone' | 'tablet'; position: ReportedPosition | null }, context: CommandContext) {
      await requireStoreStaff(ports.storeStaff, input.storeId, { accountId: context.actor });
      const place = await placeOf(input.storeId, input.via, input.position);
      return press({ storeId: input.storeId, userId: context.actor, kind: input.kind, place }, context);
    },

    /** Sets (or replaces) one's own PIN for the store's tablet; only its hash is kept. Throws `attendance_pin_format`. */
    async setPin(input: { pin: string }, context: CommandContext) {
      if (!clockPinSchema.safeParse(input.pin).success) throw refuse('attendance_pin_format');
      const pinHash = await ports.passwords.hash(input.pin);
      const result = await pins.handle(
        clockPinStream(context.actor),
        { type: 'SetClockPin', userId: context.actor, pinHash, now: ports.clock.now().toISOString() },
        context,
      );
      return { position: result.position };
    },

    /**
     * A press on the store's shared tablet (decision 612): the person chosen on it, proved by their
     * PIN, must be on that store's staff; then the same press and refusals as the phone's. A wrong
     * PIN and a person without one answer alike (`attendance_wrong_pin`), at the same argon2 cost.
     */
    async clockWithPin(input: { storeId: string; userId: string; pin: string; kind: ClockKind }, context: CommandContext) {
      await requireStoreStaff(ports.storeStaff, input.storeId, { accountId: input.userId });
      const { pinHash } = await currentState(ports.eventStore, clockPinDecider, clockPinStream(input.userId));
      const valid = clockPinSchema.safeParse(input.pin).success && (await ports.passwords.verify(pinHash, input.pin));
      if (!valid) throw refuse('attendance_wrong_pin');
      return press({ storeId: input.storeId, userId: input.userId, kind: input.kind, place: 'tablet' }, { ...context, actor: input.userId });
    },

    /**
     * The owner changes a record's in, out or break minutes, with a reason. `storeId`, when named,
     * must be the record's store. Throws `attendance_record_not_found`, `attendance_reason_required`,
     * `attendance_out_before_in`, `attendance_break_too_long`, `attendance_in_future`.
     */
    async correct(
      input: { recordId: string; storeId: string | null; in?: CorrectedTime; out?: CorrectedTime; breakMinutes?: number; reason: string },
      context: CommandContext,
    ) {
      const key = recordKeyOf(input.recordId);
      if (!key || (input.storeId !== null && input.storeId !== key.storeId)) throw refuse('attendance_record_not_found');
      const month = { storeId: key.storeId, userId: key.userId, month: key.month };
      const { recordId, reason } = input;
      const result = await run(
        month,
        {
          type: 'CorrectAttendance',
          recordId,
          reason,
          ...(input.in ? { in: input.in } : {}),
          ...(input.out ? { out: input.out } : {}),
          ...(input.breakMinutes !== undefined ? { breakMinutes: input.breakMinutes } : {}),
          key: month,
          now: ports.clock.now().toISOString(),
          by: context.actor,
        },
        context,
      );
      return { changed: result.events.length > 0, position: result.position };
    },
  };
}

export type AttendanceService = ReturnType<typeof attendanceService>;
