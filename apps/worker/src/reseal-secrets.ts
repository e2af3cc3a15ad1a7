import { fromStreamName } from '@moncafe/domain/catalog/events';
import { supplierService } from '@moncafe/domain/purchasing/supplier-service';
import { secretBox, secretsKey } from '@moncafe/infra/secrets/secret-box';
import { cryptoIds, systemClock } from '@moncafe/infra/system';
import { runCommand } from './command';

/**
 * `npm run secrets:reseal`, after a SECRETS_KEY rotation (decision 178): with
 * `SECRETS_KEY=<new>,<old>` set, every supplier password still sealed with the old key is saved
 * again sealed with the new one (a catalog event each, appended as `system`). When it reports
 * nothing left under the old key, drop the old key from SECRETS_KEY. With the embedded database,
 * stop `npm start` first: one process at a time may open the data folder.
 */
runCommand(
  'moncafe-secrets-reseal',
  async ({ config, system }) => {
    const ids = new Set<string>();
    for (let after = 0; ;) {
      const page = await system.eventStore.readAll({ after, maxCount: 1000, categories: ['catalog'] });
      for (const event of page) {
        const record = fromStreamName(event.streamId);
        if (record?.kind === 'supplier') ids.add(record.id);
      }
      if (page.length < 1000) break;
      after = page.at(-1)!.position;
    }
    const suppliers = supplierService({
      eventStore: system.eventStore,
      ids: cryptoIds,
      clock: systemClock,
      secrets: secretBox(await secretsKey(config)),
      // Re-sealing reveals nothing to anyone, so no staff member is asked about.
      storeStaff: { isStoreStaff: async () => false },
    });
    const { resealed, current } = await suppliers.resealPasswords([...ids], { correlationId: cryptoIds.uuid(), actor: 'system' });
    console.log(`secrets:reseal: ${resealed.length} password(s) sealed again with the first SECRETS_KEY, ${current} already were.`);
  },
  { level: 'warn' },
);
