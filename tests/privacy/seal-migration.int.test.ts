import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { NewEvent } from '@moncafe/domain/ports';
import type { Database } from '@moncafe/projections/database';
import { projectors } from '@moncafe/projections/read-models';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { rebuildInShadow } from '@moncafe/infra/projection-runner/shadow-rebuild';
import { personalDataDeclarations } from '@moncafe/infra/privacy/declarations';
import { personalKeyStore } from '@moncafe/infra/privacy/personal-keys';
import { sealPlaintextEvents, sealPlaintextEventsOnce } from '@moncafe/infra/privacy/seal-existing';
import { personalDataSealer, sealingEventStore } from '@moncafe/infra/privacy/sealing';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { secretBox } from '@moncafe/infra/secrets/secret-box';
import { dumpReadModels } from '../database/read-model-dump';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';

/**
 * Decision 183: a store whose events were written before personal fields were sealed (the
 * previous code's shapes, plain) is rewritten once: afterwards no plaintext personal data is left
 * in `events`, the read models rebuilt from the sealed events equal those from the plain ones,
 * and running it again changes nothing (decision 183).
 */
const serverUrl = await postgresUrl();

const OLD = {
  name: 'Threnody Malvik',
  email: 'threnody.malvik@example.jp',
  phone: '090-2468-1357',
  plate: 'Crumblewick Wishes',
  picture: 'ab'.repeat(32),
  staffName: 'Wendelyn Qor',
  staffEmail: 'wendelyn.qor@example.jp',
  hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
};

const metadata = { correlationId: randomUUID(), causationId: null, actor: 'customer', storeId: 'store-main' };
const event = (type: string, data: unknown): NewEvent => ({ eventId: randomUUID(), type, data, metadata });

describe.skipIf(!serverUrl)('sealing the personal fields of events written before (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_seal', { migrations: systemMigrations({ eventStoreUrl: undefined }) });
    db = (await database.open()).db as unknown as Kysely<Database>;
  }, 60_000);
  afterAll(async () => database?.drop());

  it('leaves no plaintext in events, the read models equal before and after, and a second run changes nothing', { timeout: 120_000 }, async () => {
    const pool = database.pool(4);
    const plain = createPostgresEventStore(pool);
    const reservationId = randomUUID();
    const requestedAt = '2027-01-20T03:00:00.000Z';
    await plain.appendToStream(
      `reservation-${reservationId}`,
      [
        event('ReservationRequested', {
          reservationId,
          storeId: 'store-main',
          date: '2027-02-01',
          time: '12:00',
          people: 2,
          seatIds: ['seat-t1'],
          holdId: 'hold-1',
          customer: { name: OLD.name, email: OLD.email, phone: OLD.phone },
          accountId: null,
          lines: [{ menuId: 'course-birthday', name: 'バースデー', price: 5000, quantity: 1 }],
          detail: { 'course-birthday_8': OLD.plate, 'course-birthday_10': OLD.picture },
          optionsPrice: 800,
          reservationNumber: 'MC-4821-7K',
          requestedAt,
        }),
        // The name this event had before decision 031.
        event('ConfirmationMailSent', { tokenHash: 'f'.repeat(64), expiresAt: '2027-01-20T03:30:00.000Z' }),
        event('ReservationConfirmed', { tokenHash: 'f'.repeat(64), confirmedAt: '2027-01-20T03:05:00.000Z', date: '2027-02-01' }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const accountId = randomUUID();
    await plain.appendToStream(
      `account-${accountId}`,
      [
        event('AccountRegistered', {
          accountId,
          name: OLD.staffName,
          email: OLD.staffEmail,
          passwordHash: OLD.hash,
          roles: ['staff'],
          externalIdentity: null,
          emailVerified: true,
          registeredAt: requestedAt,
        }),
        event('PasswordChanged', { accountId, passwordHash: `${OLD.hash}x`, changedAt: requestedAt }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const plaintextCount = async () => {
      const counts: Record<string, number> = {};
      for (const [field, value] of Object.entries(OLD)) {
        const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from events where data::text ilike $1', [`%${value}%`]);
        counts[field] = rows[0]!.n;
      }
      return counts;
    };
    expect(Object.values(await plaintextCount()).every((n) => n > 0)).toBe(true);

    await rebuildInShadow({ db, eventStore: plain, projectors });
    const before = await dumpReadModels(db);
    expect(JSON.stringify(before.reservations)).toContain(OLD.name);
    expect(JSON.stringify(before.accounts)).toContain(OLD.staffEmail);

    const keys = personalKeyStore({ db, secrets: secretBox('migration-test-secrets-key-0123456789abcdef') });
    const sealer = personalDataSealer({ declarations: personalDataDeclarations, keys });
    expect(await sealPlaintextEvents({ db, sealer, declarations: personalDataDeclarations })).toEqual({ sealed: 3 });
    expect(await plaintextCount()).toEqual(Object.fromEntries(Object.keys(OLD).map((k) => [k, 0])));

    // Rebuilt from the sealed events through the sealing layer: the same read models.
    await rebuildInShadow({ db, eventStore: sealingEventStore(plain, sealer), projectors });
    expect(await dumpReadModels(db)).toEqual(before);

    // Idempotent: nothing left to seal; the start-up step runs once and then not again.
    const stored = (await pool.query('select data from events order by position')).rows;
    expect(await sealPlaintextEvents({ db, sealer, declarations: personalDataDeclarations })).toEqual({ sealed: 0 });
    expect(await sealPlaintextEventsOnce({ db, sealer, declarations: personalDataDeclarations })).toEqual({ sealed: 0 });
    expect(await sealPlaintextEventsOnce({ db, sealer, declarations: personalDataDeclarations })).toBeNull();
    expect((await pool.query('select data from events order by position')).rows).toEqual(stored);
  });
});
