import { addDays, tokyoDateOf, tokyoInstant, type IsoDate } from '../calendar/dates';
import { commandHandler, foldStream, type CommandContext } from '../command-handler';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import type { StoreData } from '../catalog/kinds';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator, Logger } from '../ports';
import type { PersonalKeys } from '../privacy/personal-data';
import { accountDecider } from './decider';
import { toStreamName } from './events';
import { loadAccount } from './handlers';
import { requireStoreStaff, type StoreListings, type StoreStaffDirectory } from './store-membership';

/**
 * Staff who leave (decision 620). Removing takes every staff role, ends the sessions, and the
 * account signs in no more; shifts and attendance stay. Once the wage records' legal retention
 * has passed (労働基準法 第109条: the store setting `wage_retention_years`, 5 by default) the person
 * is forgotten as a guest is (decisions 180–186): their data key is destroyed, so every copy of
 * the log keeps only unreadable bytes of their name and e-mail, and their shifts and attendance
 * read under a pseudonym.
 */
export interface StaffLeavingPorts {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  personalKeys: PersonalKeys;
  storeStaff: StoreStaffDirectory;
  /** Read port: the stores whose staff list names the account. */
  storeListings: StoreListings;
  /** Read port: per store, the newest day of the person's shifts and attendance records (projections/src/shifts, attendance). */
  wageRecordsOf(accountId: string): Promise<{ storeId: string; lastDay: IsoDate }[]>;
  /** Ends an account's sessions (infra/src/auth/sessions.ts). */
  signOut(accountId: string): Promise<void>;
}

/** The law's five years, for a store whose record says nothing (older records). */
const DEFAULT_WAGE_RETENTION_YEARS = 5;

/** The same day `years` later; 29 February becomes 1 March, so the time kept is never short. */
export function yearsAfter(day: IsoDate, years: number): IsoDate {
  const [y, m, d] = day.split('-');
  const moved = `${String(Number(y) + years).padStart(4, '0')}-${m}-${d}`;
  return m === '02' && d === '29' && !isLeapYear(Number(y) + years) ? addDays(moved.replace(/-29$/, '-28'), 1) : moved;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function staffLeavingService(ports: StaffLeavingPorts) {
  const deps = { eventStore: ports.eventStore, ids: ports.ids };
  const accounts = commandHandler(accountDecider, deps);

  async function retentionYearsOf(storeId: string): Promise<number> {
    const store = foldStream(catalogDecider, await ports.eventStore.readStream(catalogStream('store', storeId)));
    return store.status === 'saved' ? ((store.data as StoreData).wage_retention_years ?? DEFAULT_WAGE_RETENTION_YEARS) : DEFAULT_WAGE_RETENTION_YEARS;
  }

  /**
   * The first moment the person's wage records may go: for every store they worked at or are
   * listed at, the later of the day they left and their last record there, plus that store's
   * years — the latest of these (Asia/Tokyo midnight).
   */
  async function keepUntil(accountId: string, leftAt: string): Promise<Date> {
    const leftDay = tokyoDateOf(new Date(leftAt));
    const records = await ports.wageRecordsOf(accountId);
    const stores = new Set([...records.map((r) => r.storeId), ...(await ports.storeListings.storesOf(accountId))]);
    const ends: IsoDate[] = [];
    for (const storeId of stores) {
      const last = records.filter((r) => r.storeId === storeId).reduce((day, r) => (r.lastDay > day ? r.lastDay : day), leftDay);
      ends.push(yearsAfter(last, await retentionYearsOf(storeId)));
    }
    const until = ends.length > 0 ? ends.reduce((a, b) => (b > a ? b : a)) : yearsAfter(leftDay, DEFAULT_WAGE_RETENTION_YEARS);
    return tokyoInstant(until, 0);
  }

  /**
   * The person, who must be of the store the admin acts at — on its staff list, or with shifts or
   * attendance there (someone taken off the list keeps their records): another store's people are
   * not this store's to remove or forget.
   */
  async function storeMember(input: { accountId: string; storeId: string }) {
    const account = await loadAccount(deps, input.accountId);
    if (account.status !== 'registered') throw new DomainError('account_not_found');
    const worked = (await ports.wageRecordsOf(input.accountId)).some((r) => r.storeId === input.storeId);
    if (!worked) await requireStoreStaff(ports.storeStaff, input.storeId, { accountId: input.accountId });
    return account;
  }

  return {
    /**
     * An admin removes a staff member of their store (they left): every staff role goes, their
     * sessions end, and no password, passkey or provider signs them in again. A resent removal
     * records nothing. Throws 'account_not_found', 'not_store_staff', 'not_staff' or 'own_account'.
     */
    async remove(input: { accountId: string; storeId: string; by: string }, context: CommandContext) {
      if (input.accountId === input.by) throw new DomainError('own_account');
      await storeMember(input);
      const result = await accounts.handle(toStreamName(input.accountId), { type: 'RemoveStaff', data: { by: input.by, now: ports.clock.now() } }, context);
      await ports.signOut(input.accountId);
      return { removed: result.events.length > 0, position: result.position };
    },

    /**
     * Forgets a removed staff member once the wage records' retention has passed: the account's
     * data key is destroyed and `StaffForgotten` names the pseudonym their records read under
     * from then on. Safe to repeat. Throws 'account_not_found', 'not_store_staff',
     * 'staff_not_removed' or 'retention_not_over' (with `until`).
     */
    async forget(input: { accountId: string; storeId: string; by: string }, context: CommandContext) {
      const account = await storeMember(input);
      if (account.forgotten) return { forgotten: false, pseudonym: account.name, position: null };
      if (account.leftAt === null) throw new DomainError('staff_not_removed');
      const now = ports.clock.now();
      const until = await keepUntil(input.accountId, account.leftAt);
      // A code, not a word: screens show it as it is, in either language, and it says nothing of the person.
      const pseudonym = `staff-${ports.ids.uuid().replace(/-/g, '').slice(0, 8)}`;
      const command = { type: 'ForgetStaff' as const, data: { by: input.by, pseudonym, keepUntil: until, now } };
      // Decided before the key goes: a refusal destroys nothing.
      accountDecider.decide(command, account);
      await ports.personalKeys.erase([toStreamName(input.accountId)]);
      const result = await accounts.handle(toStreamName(input.accountId), command, context);
      await ports.signOut(input.accountId);
      ports.logger.warn({ accountId: input.accountId, correlationId: context.correlationId }, 'staff member forgotten');
      return { forgotten: result.events.length > 0, pseudonym, position: result.position };
    },
  };
}

export type StaffLeavingService = ReturnType<typeof staffLeavingService>;
