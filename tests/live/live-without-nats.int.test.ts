import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '@moncafe/domain/catalog/catalog-service';
import type { EventStore } from '@moncafe/domain/ports';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { cryptoIds } from '@moncafe/infra/system';
import { startNatsServer, type Child } from '../fanout/support/processes';
import { httpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, uniqueName } from '../support/services';
import { openSse, type SseFrame } from '../support/sse';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();
const NATS_PORT = 15701;

/**
 * Decision 199 over HTTP: while NATS is down the live hub is fed from the event store, so a
 * signed-in screen on `/live` still gets every event another process appends, and once NATS is
 * back the bus's own delivery of the same events does not send any of them twice.
 */
describe.skipIf(!pgUrl)('/live while NATS is down', () => {
  let server: TestWebServer;
  let nats: Child | null = null;
  let storeDir: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let writer: EventStore;
  const stream = uniqueName('LIVE_DOWN');

  const saveCard = (title: string) =>
    saveRecord(
      { eventStore: writer, ids: cryptoIds },
      { kind: 'homepage-card', id: cryptoIds.uuid(), data: { card_type: 'other', title, link_url: '/menu', display_order: 1 } },
      { correlationId: 'live-down-test', actor: 'admin-test' },
    );
  const cards = (frames: SseFrame[]) => frames.filter((f) => f.event === 'catalog-updated').map((f) => f.id);

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-nats-'));
    nats = await startNatsServer(NATS_PORT, storeDir);
    const created = await createTestDatabase(pgUrl!, 'moncafe_live_down');
    drop = created.drop;
    server = await startTestWebServer({
      env: {
        DATABASE_URL: created.url,
        NATS_URL: `nats://127.0.0.1:${NATS_PORT}`,
        NATS_STREAM: stream,
        NATS_SUBJECT_PREFIX: stream.toLowerCase(),
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'correct horse battery staple',
      },
    });
    // Another process's appends: they reach this server's /live through NATS, or the store while it is down.
    database = await openDatabase({ url: created.url, dataDir: '' });
    writer = createPostgresEventStore(database.pool);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await nats?.kill('SIGKILL');
    await writer?.close();
    await database?.close();
    await drop?.();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('delivers what is appended while NATS is killed, and nothing twice once it is back', { timeout: 120_000 }, async () => {
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: 'owner@example.com', password: 'correct horse battery staple' })).status).toBe(200);
    const live = await openSse(`${server.url}/live?topics=catalog,admin`, { cookie: admin.cookie! });
    expect(live.status).toBe(200);
    await live.until((f) => f.some((x) => x.id !== null));

    const before = await saveCard('before');
    await live.until((f) => cards(f).length === 1, 30_000);

    expect(await nats!.kill('SIGKILL')).toBe('SIGKILL');
    nats = null;
    const during = [await saveCard('during 1'), await saveCard('during 2')];
    await live.until((f) => cards(f).length === 3, 30_000);

    nats = await startNatsServer(NATS_PORT, storeDir);
    const after = await saveCard('after');
    await live.until((f) => cards(f).length >= 4, 60_000);
    // Whatever the relay publishes late (the events of the outage) must not reach the screen again.
    const last = await saveCard('last');
    await live.until((f) => cards(f).includes(String(last.position)), 60_000);
    expect(cards(live.frames)).toEqual([before, ...during, after, last].map((e) => String(e.position)));
    live.close();
  });
});
