import { saveRecord } from '../catalog/catalog-service';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import type { CatalogInput } from '../catalog/registry';
import type { SupplierData } from './kinds';
import { commandHandler, foldStream, type CommandContext, type HandlerDeps } from '../command-handler';
import { requireStoreStaff, type StoreStaffDirectory } from '../account/store-membership';
import { DomainError } from '../decider';
import type { Clock } from '../ports';
import { toStreamName } from './events';
import { supplierAccessDecider } from './decider';

/**
 * Seals secrets before they are stored and opens them for a reveal (AES-256-GCM with the
 * deployment's key in infra/src/secrets). Sealed text is what events, the bus and read models hold.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the text was sealed with another key or altered. */
  open(sealed: string): string;
  /** Whether the text is sealed with the key new secrets are sealed with (after a rotation, older ones are not). */
  sealedWithNewest(sealed: string): boolean;
}

export type SupplierErrorCode = 'supplier_not_found';

/** A supplier as the admin edits it: `password` undefined keeps the stored one, null (or '') removes it. */
export type SupplierInput = Omit<CatalogInput<'supplier'>, 'password_sealed'> & { password?: string | null | undefined };

/** Suppliers' web shop accounts: saved with the password sealed, and revealed to staff on record. */
export function supplierService(ports: HandlerDeps & { clock: Clock; secrets: SecretBox; storeStaff: StoreStaffDirectory }) {
  async function stored(id: string): Promise<SupplierData | null> {
    const state = foldStream(catalogDecider, await ports.eventStore.readStream(catalogStream('supplier', id)));
    return state.status === 'saved' ? (state.data as SupplierData) : null;
  }
  const reveals = commandHandler(supplierAccessDecider, ports);

  return {
    async save(input: { id: string; data: SupplierInput }, context: CommandContext) {
      const { password, ...data } = input.data;
      const password_sealed = password === undefined ? ((await stored(input.id))?.password_sealed ?? null) : password ? ports.secrets.seal(password) : null;
      return saveRecord(ports, { kind: 'supplier', id: input.id, data: { ...data, password_sealed } }, context);
    },

    /**
     * The password in clear (null when none is kept); a reveal is recorded with who and when.
     * Throws `supplier_not_found`, or `not_store_staff` for someone not on the supplier's store's staff (an admin is).
     */
    async revealPassword(
      input: { supplierId: string; asAdmin: boolean },
      context: CommandContext,
    ): Promise<{ password: string | null; position: number | null }> {
      const supplier = await stored(input.supplierId);
      if (!supplier) throw new DomainError<SupplierErrorCode>('supplier_not_found');
      await requireStoreStaff(ports.storeStaff, supplier.store_id, { accountId: context.actor, admin: input.asAdmin });
      if (!supplier.password_sealed) return { password: null, position: null };
      const password = ports.secrets.open(supplier.password_sealed);
      const result = await reveals.handle(
        toStreamName(input.supplierId),
        { type: 'RevealPassword', supplierId: input.supplierId, now: ports.clock.now().toISOString(), by: context.actor },
        { ...context, storeId: supplier.store_id },
      );
      return { password, position: result.position };
    },

    /**
     * After SECRETS_KEY was rotated (decision 178): saves each of these suppliers whose password is
     * sealed with an older key again, sealed with the newest, so the old key can be dropped. A
     * supplier already sealed with the newest key, or without a password, is left as it is.
     */
    async resealPasswords(supplierIds: readonly string[], context: CommandContext): Promise<{ resealed: string[]; current: number }> {
      const resealed: string[] = [];
      let current = 0;
      for (const id of supplierIds) {
        const supplier = await stored(id);
        if (!supplier?.password_sealed) continue;
        if (ports.secrets.sealedWithNewest(supplier.password_sealed)) {
          current += 1;
          continue;
        }
        const password_sealed = ports.secrets.seal(ports.secrets.open(supplier.password_sealed));
        await saveRecord(ports, { kind: 'supplier', id, data: { ...supplier, password_sealed } }, context);
        resealed.push(id);
      }
      return { resealed, current };
    },
  };
}

export type SupplierService = ReturnType<typeof supplierService>;
