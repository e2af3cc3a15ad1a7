import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { DEMO_STORE_ID } from '@moncafe/demo/demo-data';
import { caughtUp, startSystem } from '../database/system';

/**
 * Decision 184: the NDJSON export keeps personal fields sealed and carries no password hash
 * in the clear; the persons' keys come last, still sealed by SECRETS_KEY. Imported where the same
 * SECRETS_KEY runs, everything reads again; under another one the personal fields stay sealed
 * (decision 184). Embedded PGlite: the export is the same service on both databases.
 */
const GUEST = { name: 'Ottoline Faraquist', email: 'ottoline.faraquist@example.jp', phone: '070-3141-5926' };
const SECRETS_KEY = 'export-test-secrets-key-0123456789abcdef';

describe('the sealed export of the event log', () => {
  let source: Awaited<ReturnType<typeof startSystem>>;
  let lines: string[];
  let reservationId: string;

  beforeAll(async () => {
    source = await startSystem('pglite', null, { demo: true, secretsKey: SECRETS_KEY });
    const { runtime } = source;
    ({ reservationId } = await runtime.services.reservationStaff.bookByPhone({
      storeId: DEMO_STORE_ID,
      date: addDays(tokyoDateOf(runtime.clock.now()), 3),
      time: '12:00',
      people: 2,
      seatIds: ['seat-t1'],
      customer: GUEST,
      actor: 'test',
      correlationId: 'export-test',
    }));
    await caughtUp(runtime);
    lines = [];
    for await (const line of runtime.databaseAdmin.exportLines('admin-id')) lines.push(line);
  }, 180_000);
  afterAll(async () => source?.close());

  it('holds no name, e-mail, phone or password hash in the clear', () => {
    const file = lines.join('');
    expect(file).toContain(reservationId);
    for (const value of [GUEST.name, GUEST.email, GUEST.phone, 'owner@moncafe.test', '$argon2id$'])
      expect({ value, found: file.includes(value) }).toEqual({ value, found: false });
    expect(lines.filter((l) => l.startsWith('{"personalKey":')).length).toBeGreaterThan(0);
  });

  it('imported with the same SECRETS_KEY shows the guest again; under another key the fields stay sealed', { timeout: 240_000 }, async () => {
    for (const [key, readable] of [
      [SECRETS_KEY, true],
      ['another-secrets-key-0123456789abcdef-xyz', false],
    ] as const) {
      const target = await startSystem('pglite', null, { demo: false, secretsKey: key });
      try {
        await target.runtime.databaseAdmin.importLines(lines.join('').split('\n'));
        await caughtUp(target.runtime);
        const row = await target.runtime.queries.reservations.get(reservationId);
        if (readable) expect(row).toMatchObject({ customer_name: GUEST.name, email: GUEST.email, phone: GUEST.phone });
        else {
          expect(row?.customer_name).toMatch(/^pd1\./);
          expect(JSON.stringify(row)).not.toContain(GUEST.phone);
        }
      } finally {
        await target.close();
      }
    }
  });
});
