import { fromStreamName as accountOf } from '@moncafe/domain/account/events';
import { resealTotpSecrets } from '@moncafe/domain/account/second-factor-service';
import { fromStreamName } from '@moncafe/domain/catalog/events';
import { supplierService } from '@moncafe/domain/purchasing/supplier-service';
import { fromStreamName as seatOf, seatCodeService } from '@moncafe/domain/table/decider';
import { secretBox, secretsKey } from '@moncafe/infra/secrets/secret-box';
import { cryptoIds, nodeHashing, systemClock } from '@moncafe/infra/system';
import { runCommand } from './command';
import { answerHelp } from './usage';

/**
 * `npm run secrets:reseal`, after a SECRETS_KEY rotation (decision 178): with
 * `SECRETS_KEY=<new>,<old>` set, everything still sealed with the old key is sealed again with the
 * new one — supplier passwords, seat codes and TOTP secrets (an event each, appended as `system`),
 * and every person's data key (its row; the key itself, and so what it sealed in the log, stays).
 * When it reports nothing left under the old key, drop the old key from SECRETS_KEY. With the
 * embedded database, stop `npm start` first: one process at a time may open the data folder.
 */
answerHelp([
  'usage: SECRETS_KEY=<new>,<old> node apps/worker/build/reseal-secrets.js   (npm run secrets:reseal:prod)',
  'After a key rotation: seals again with the new key everything still sealed with the old one (decision 178).',
  'Reads SECRETS_KEY, DATABASE_URL.',
]);

runCommand(
  'moncafe-secrets-reseal',
  async ({ config, system }) => {
    const suppliersIds = new Set<string>();
    const seatIds = new Set<string>();
    const accountIds = new Set<string>();
    for (let after = 0; ;) {
      const page = await system.eventStore.readAll({ after, maxCount: 1000, categories: ['catalog', 'seatcode', 'account'] });
      for (const event of page) {
        if (fromStreamName(event.streamId)?.kind === 'supplier') suppliersIds.add(fromStreamName(event.streamId)!.id);
        const seat = seatOf(event.streamId);
        if (seat) seatIds.add(seat.seatId);
        const account = event.type === 'TotpSetupStarted' ? accountOf(event.streamId) : null;
        if (account) accountIds.add(account.accountId);
      }
      if (page.length < 1000) break;
      after = page.at(-1)!.position;
    }
    const secrets = secretBox(await secretsKey(config));
    const ports = { eventStore: system.eventStore, ids: cryptoIds, clock: systemClock, secrets };
    const context = { correlationId: cryptoIds.uuid(), actor: 'system' };
    const suppliers = supplierService({
      ...ports,
      // Re-sealing reveals nothing to anyone, so no staff member is asked about.
      storeStaff: { isStoreStaff: async () => false },
    });
    const passwords = await suppliers.resealPasswords([...suppliersIds], context);
    const seats = await seatCodeService({ ...ports, hashing: nodeHashing }).resealCodes([...seatIds], context);
    const totp = await resealTotpSecrets(ports, [...accountIds], context);
    const keys = await system.personalKeys.resealAll();
    console.log(`secrets:reseal: ${passwords.resealed.length} password(s) sealed again with the first SECRETS_KEY, ${passwords.current} already were.`);
    console.log(`secrets:reseal: ${seats.resealed} seat code(s) sealed again, ${seats.current} already were.`);
    console.log(`secrets:reseal: ${totp.resealed} authenticator secret(s) sealed again, ${totp.current} already were.`);
    console.log(`secrets:reseal: ${keys.resealed} personal data key(s) sealed again, ${keys.current} already were.`);
  },
  { level: 'warn' },
);
