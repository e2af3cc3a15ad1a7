import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { personalKeyMigrations, personalKeyStore, type DataKey } from '@moncafe/infra/privacy/personal-keys';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';

/**
 * A subject's data key (decision 180), made in one round trip (decision 472's neighbour: every new
 * reservation's first append obtains one): two processes obtaining it at once get the same key,
 * a known one is given again, and an erased one is never made again.
 */
const serverUrl = await postgresUrl();
const SECRETS = secretBox('personal-keys-test-secret-of-32-characters');

function box(key: DataKey) {
  if (key === 'erased') throw new Error('expected a live key');
  return key;
}

describe.skipIf(!serverUrl)('personal keys (PostgreSQL)', () => {
  let database: TestDatabase;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any>;
  const keyRows = async (subject: string) =>
    (await db.selectFrom('personal_keys').select(['sealed_key']).where('subject', '=', subject).execute()) as { sealed_key: string | null }[];

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_keys');
    db = (await database.open(personalKeyMigrations)).db;
  });
  afterAll(() => database?.drop());

  it('gives two processes obtaining a new subject’s key at once the same key, kept in one row', async () => {
    const processes = Array.from({ length: 4 }, () => personalKeyStore({ db, secrets: SECRETS }));
    const keys = (await Promise.all(processes.map((p) => p.obtain('reservation-new')))).map(box);
    const sealed = keys[0]!.seal('田中 花子');
    for (const key of keys) expect(key.open(sealed)).toBe('田中 花子');
    expect(await keyRows('reservation-new')).toHaveLength(1);
  });

  it('gives a key made by another process, after its cache, the same key', async () => {
    const first = box(await personalKeyStore({ db, secrets: SECRETS }).obtain('reservation-known'));
    const later = box(await personalKeyStore({ db, secrets: SECRETS }).obtain('reservation-known'));
    expect(later.open(first.seal('090-1234-5678'))).toBe('090-1234-5678');
    expect(await keyRows('reservation-known')).toHaveLength(1);
  });

  it('keeps a bounded number of keys opened, dropping the one used longest ago', async () => {
    // A log that grows for years meets more guests than a process should hold (decision 481).
    const store = personalKeyStore({ db, secrets: SECRETS, maxCachedKeys: 2 });
    await store.obtain('reservation-lru-a');
    await store.obtain('reservation-lru-b');
    await store.find(['reservation-lru-a']); // a is used again: b is now the oldest
    await store.obtain('reservation-lru-c');
    // Rows gone from the table: only what the process still holds can be found.
    await db.deleteFrom('personal_keys').where('subject', 'in', ['reservation-lru-a', 'reservation-lru-b', 'reservation-lru-c']).execute();
    const found = await store.find(['reservation-lru-a', 'reservation-lru-b', 'reservation-lru-c']);
    expect([...found.keys()].sort()).toEqual(['reservation-lru-a', 'reservation-lru-c']);
  });

  it('never makes an erased subject’s key again', async () => {
    const store = personalKeyStore({ db, secrets: SECRETS });
    box(await store.obtain('reservation-forgotten'));
    await store.erase(['reservation-forgotten']);
    expect(await personalKeyStore({ db, secrets: SECRETS }).obtain('reservation-forgotten')).toBe('erased');
    // A subject erased before it ever had a key cannot get one either.
    await store.erase(['reservation-never']);
    expect(await personalKeyStore({ db, secrets: SECRETS }).obtain('reservation-never')).toBe('erased');
    expect(await keyRows('reservation-never')).toEqual([{ sealed_key: null }]);
  });
});
