import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteNatsStream } from '@moncafe/infra/bus/nats';
import { signUp } from '../support/accounts';
import { httpClient } from '../support/http-client';
import { natsUrl, postgresUrl, uniqueName } from '../support/services';
import { openSse, type SseFrame } from '../support/sse';
import type { TestWebServer } from '../support/web-server';
import { LIVE_ADMIN, startLiveSystem } from './support/live-system';

const pgUrl = await postgresUrl();
const nats = await natsUrl();

/** `/live` on the real PostgreSQL and NATS: a client that reconnects gets exactly what it missed. */
describe.skipIf(!pgUrl || !nats)('live stream resumes from Last-Event-ID (pg + NATS)', () => {
  let system: Awaited<ReturnType<typeof startLiveSystem>>;
  let server: TestWebServer;
  const stream = uniqueName('LIVE');
  const saveCard = (title: string) => system.saveCard(title);
  const messages = (frames: SseFrame[]) => frames.filter((f) => f.event === 'catalog-updated');

  beforeAll(async () => {
    system = await startLiveSystem(pgUrl!, nats!, stream);
    server = system.server;
  });

  afterAll(async () => {
    await system?.close();
    await deleteNatsStream(nats!, stream).catch(() => {});
  });

  /** The floor's streams carry positions and resume; an admin follows the catalog with them. */
  async function adminCookie(): Promise<Record<string, string>> {
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', LIVE_ADMIN)).status).toBe(200);
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
    const login = await admin.postJson('/api/auth/login', LIVE_ADMIN);
    expect(login.status).toBe(200);
    const response = await admin.get('/live?topics=schedule,kitchen');
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});
