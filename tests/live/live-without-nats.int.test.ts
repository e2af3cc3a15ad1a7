import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type Child } from '../fanout/support/processes';
import { httpClient } from '../support/http-client';
import { postgresUrl, uniqueName } from '../support/services';
import { openSse, type SseFrame } from '../support/sse';
import { LIVE_ADMIN, startLiveSystem } from './support/live-system';

const pgUrl = await postgresUrl();
const NATS_PORT = 15701;

/**
 * Decision 199 over HTTP: while NATS is down the live hub is fed from the event store, so a
 * signed-in screen on `/live` still gets every event another process appends, and once NATS is
 * back the bus's own delivery of the same events does not send any of them twice.
 */
describe.skipIf(!pgUrl)('/live while NATS is down', () => {
  let system: Awaited<ReturnType<typeof startLiveSystem>>;
  let nats: Child | null = null;
  let storeDir: string;
  const cards = (frames: SseFrame[]) => frames.filter((f) => f.event === 'catalog-updated').map((f) => f.id);

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-nats-'));
    nats = await startNatsServer(NATS_PORT, storeDir);
    system = await startLiveSystem(pgUrl!, `nats://127.0.0.1:${NATS_PORT}`, uniqueName('LIVE_DOWN'));
  }, 180_000);

  afterAll(async () => {
    await system?.close();
    await nats?.kill('SIGKILL');
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('delivers what is appended while NATS is killed, and nothing twice once it is back', { timeout: 120_000 }, async () => {
    const { server, saveCard } = system;
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', LIVE_ADMIN)).status).toBe(200);
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
