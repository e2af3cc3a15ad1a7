import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '@moncafe/domain/catalog/catalog-service';
import { createTestDatabase, natsUrl, postgresUrl, uniqueName } from '@moncafe/tests/support/services';
import { until } from '@moncafe/tests/support/until';
import { deleteNatsStream } from '../bus/nats';
import { loadConfig } from '../config';
import { catalogForReservations } from '@moncafe/projections/reservations/catalog';
import { startRuntime, type Runtime } from '../runtime';
import { cachedReservationCatalog } from './reservation-catalog';
import { stubMails } from '@moncafe/domain/testing/stub-mails';

/**
 * Two web processes over one PostgreSQL and one NATS, each with its reference-data cache: a
 * catalog change made through one is seen by the booking of both — at once by the process that
 * made it (read-your-writes), and by the other as soon as the event has crossed the bus.
 */
const [server, nats] = await Promise.all([postgresUrl(), natsUrl()]);

describe.skipIf(!server || !nats)('reference data cached in two processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stream = uniqueName('REFDATA');
  let one: Runtime;
  let two: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase(server!, 'moncafe_refdata');
    const env = {
      DATABASE_URL: database.url,
      NATS_URL: nats!,
      NATS_STREAM: stream,
      NATS_SUBJECT_PREFIX: stream.toLowerCase(),
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'owner@moncafe.test',
      ADMIN_PASSWORD: 'owner-password-123',
    };
    one = await startRuntime(loadConfig(env), stubMails);
    // The second process leaves the projectors to the first, as a web process beside a worker does.
    two = await startRuntime(loadConfig({ ...env, RUN_PROJECTIONS: '0' }), stubMails);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await deleteNatsStream(nats!, stream);
    await database?.drop();
  });

  const seat = (name: string) => ({ kind: 'seat' as const, id: 'T1', data: { store_id: '1', name, max_people: 2 } });
  // The booking's catalog over each process's own cache, as runtime.ts builds it for the application.
  const names = async (runtime: Runtime) =>
    (await cachedReservationCatalog(catalogForReservations(runtime.db), runtime.referenceData).seats('1')).map((s) => s.name);

  it('drops what it kept when the catalog changes, in the process that changed it and in the other', async () => {
    const deps = { eventStore: one.eventStore, ids: one.ids };
    const first = await saveRecord(deps, seat('窓際'), { correlationId: 'c1', actor: 'admin' });
    await one.waitForProjections(first.position);
    await until(async () => (await names(two)).length === 1);
    expect(await names(one)).toEqual(['窓際']);
    expect(await names(two)).toEqual(['窓際']);

    const renamed = await saveRecord(deps, seat('テラス'), { correlationId: 'c2', actor: 'admin' });
    await one.waitForProjections(renamed.position);
    // The process that saved reads its own write right away.
    expect(await names(one)).toEqual(['テラス']);
    // The other hears of it through the bus; until then it may still answer the old name.
    await until(async () => (await names(two))[0] === 'テラス');
    // …and from then on keeps the new one.
    for (let i = 0; i < 5; i++) expect(await names(two)).toEqual(['テラス']);
  });
});
