import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '@moncafe/domain/catalog/catalog-service';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { deleteNatsStream } from '@moncafe/infra/bus/nats';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { cryptoIds } from '@moncafe/infra/system';
import type { EventStore } from '@moncafe/domain/ports';
import { signUp } from '../support/accounts';
import { httpClient } from '../support/http-client';
import { createTestDatabase, natsUrl, postgresUrl, uniqueName } from '../support/services';
import { openSse, type SseFrame } from '../support/sse';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();
const nats = await natsUrl();

/** `/live` on the real PostgreSQL and NATS: a client that reconnects gets exactly what it missed. */
describe.skipIf(!pgUrl || !nats)('live stream resumes from Last-Event-ID (pg + NATS)', () => {
  let server: TestWebServer;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let writer: EventStore;
  const stream = uniqueName('LIVE');
  const context = { correlationId: 'live-test', actor: 'admin-test' };

  const saveCard = (title: string) =>
    saveRecord(
      { eventStore: writer, ids: cryptoIds },
      { kind: 'homepage-card', id: cryptoIds.uuid(), data: { card_type: 'other', title, link_url: '/menu', display_order: 1 } },
      context,
    );
  const messages = (frames: SseFrame[]) => frames.filter((f) => f.event === 'catalog-updated');

  beforeAll(async () => {
    const created = await createTestDatabase(pgUrl!, 'moncafe_live');
    drop = created.drop;
    server = await startTestWebServer({
      env: {
        DATABASE_URL: created.url,
        NATS_URL: nats!,
        NATS_STREAM: stream,
        NATS_SUBJECT_PREFIX: stream.toLowerCase(),
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'correct horse battery staple',
      },
    });
    // A second writer, as another web process would be: events reach /live through the relay and NATS.
    database = await openDatabase({ url: created.url, dataDir: '' });
    writer = createPostgresEventStore(database.pool);
  });

  afterAll(async () => {
    await server?.close();
    await writer?.close();
    await database?.close();
    await drop?.();
    await deleteNatsStream(nats!, stream).catch(() => {});
  });

  /** The floor's streams carry positions and resume; an admin follows the catalog with them. */
  async function adminCookie(): Promise<Record<string, string>> {
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: 'owner@example.com', password: 'correct horse battery staple' })).status).toBe(200);
    return { cookie: admin.cookie! };
  }

  it('sends live events, then after a disconnect exactly the missed ones, then live ones again', async () => {
    const signedIn = await adminCookie();
    const FLOOR = `${server.url}/live?topics=catalog,admin`;
    const first = await openSse(FLOOR, signedIn);
    expect(first.status).toBe(200);
    await first.until((f) => f.some((x) => x.id !== null)); // the "now" frame

    const a = await saveCard('A');
    await first.until((f) => messages(f).length === 1);
    expect(messages(first.frames)[0]?.id).toBe(String(a.position));
    first.close();

    const missed = [await saveCard('B'), await saveCard('C'), await saveCard('D')];

    const second = await openSse(FLOOR, { ...signedIn, 'last-event-id': String(a.position) });
    await second.until((f) => messages(f).length === 3);
    expect(messages(second.frames).map((f) => f.id)).toEqual(missed.map((m) => String(m.position)));

    const after = await saveCard('E');
    await second.until((f) => messages(f).length === 4);
    expect(messages(second.frames).map((f) => f.id)).toEqual([...missed, after].map((m) => String(m.position)));
    second.close();
  });

  it('gives a public stream no positions and no replay, and refuses a malformed Last-Event-ID quietly (finding 14)', async () => {
    const pub = await openSse(`${server.url}/live?topics=catalog`, { 'last-event-id': '0' });
    expect(pub.status).toBe(200);
    const card = await saveCard('P');
    await pub.until((f) => messages(f).length === 1);
    // Replaying the whole store from 0 to anyone is gone, and no frame tells a stranger the store's position.
    expect(pub.frames.every((f) => f.id === null)).toBe(true);
    expect(messages(pub.frames)).toHaveLength(1);
    expect(card.position).toBeGreaterThan(0);
    pub.close();

    const signedIn = await adminCookie();
    for (const bad of ['9'.repeat(40), '-1', '1e9', 'abc']) {
      const response = await fetch(`${server.url}/live?topics=admin`, { headers: { ...signedIn, 'last-event-id': bad } });
      expect(response.status, bad).toBe(400);
    }
  });

  it('asks an anonymous visitor to sign in for the floor topics, and refuses unknown topics', async () => {
    for (const topic of ['kitchen', 'schedule', 'admin', 'reservation:abc']) {
      const response = await fetch(`${server.url}/live?topics=catalog,${topic}`);
      expect(response.status, topic).toBe(401);
      expect(await response.json()).toMatchObject({ field: 'topics' });
    }
    const unknown = await fetch(`${server.url}/live?topics=everything`);
    expect(unknown.status).toBe(400);
  });

  it('refuses the floor topics to a signed-in customer', async () => {
    const customer = httpClient(server.url);
    await signUp(customer, { name: '客', email: 'guest@example.com', password: 'guest password 123' });
    const response = await customer.get('/live?topics=schedule');
    expect(response.status).toBe(403);
  });

  it('lets an admin follow the schedule and kitchen topics', async () => {
    const admin = httpClient(server.url);
    const login = await admin.postJson('/api/auth/login', { email: 'owner@example.com', password: 'correct horse battery staple' });
    expect(login.status).toBe(200);
    const response = await admin.get('/live?topics=schedule,kitchen');
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});
