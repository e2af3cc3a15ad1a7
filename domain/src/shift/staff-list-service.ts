import { loadAccount } from '../account/handlers';
import { removeRecord, saveRecord } from '../catalog/catalog-service';
import { storeStaffRecordId } from './kinds';
import type { CommandContext, HandlerDeps } from '../command-handler';
import { DomainError } from '../decider';

/**
 * Who works at a store, with the hourly wage (catalog `store-staff`, one record per person and
 * store; docs/decisions/081-store-staff.md). The shift screens list these people; the wage is
 * for admins' eyes only, which the calls enforce.
 */
export function staffListService(deps: HandlerDeps) {
  return {
    /** Adds the account to the store's staff, or changes the wage. Throws `account_not_found`. */
    async assign(input: { storeId: string; accountId: string; wage: number | null; displayOrder?: number }, context: CommandContext) {
      if ((await loadAccount(deps, input.accountId)).status !== 'registered') throw new DomainError('account_not_found');
      const data = { store_id: input.storeId, account_id: input.accountId, wage: input.wage, display_order: input.displayOrder ?? 0 };
      return saveRecord(deps, { kind: 'store-staff', id: storeStaffRecordId(data), data }, context);
    },
    /** Takes the account off the store's staff (their shifts stay on record). Throws `not_found`. */
    remove(input: { storeId: string; accountId: string }, context: CommandContext) {
      return removeRecord(deps, { kind: 'store-staff', id: storeStaffRecordId({ store_id: input.storeId, account_id: input.accountId }) }, context);
    },
  };
}
