import { existsSync } from 'node:fs';
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { postgresUrl } from '../support/services';
import { writeEvents } from './support/events';
import type { Child } from './support/processes';
import { openWorkerWorld, type WorkerWorld } from './support/worker-world';
import { until } from '../support/until';

/**
 * THE stop-and-restart test: events keep arriving while the worker (relay + projector) is
 * killed and restarted, and later while NATS is killed and restarted. When everything has
 * caught up, the read model must equal, row by row, a full rebuild into a fresh database.
 */

const serverUrl = await postgresUrl();
const natsBinary = '/usr/sbin/nats-server';

describe.skipIf(!serverUrl || !existsSync(natsBinary))('stop and restart', () => {
  let world: WorkerWorld;
  let nats: Child | null = null;
  let worker: Child | null = null;

  beforeAll(async () => {
    world = await openWorkerWorld(serverUrl!, 'MONCAFE_FANOUT_TEST');
  });
  afterAll(async () => {
    await world?.close();
  });

  const startWorker = () => world.startWorker();
  const projected = () => world.projected();
  async function relayed(): Promise<number> {
    const { rows } = await world.probe.query<{ position: string }>(`select position from relay_checkpoint where name = 'default'`);
    return Number(rows[0]?.position ?? 0);
  }

  it('ends with read models identical to a full rebuild after the worker and NATS were each killed mid-stream', async () => {
    const write = (total: number, prefix: string) => writeEvents(world.store, { total, streams: 24, writers: 4, prefix });
    nats = await world.startNats();
    worker = startWorker();

    // 1. Writing while the worker runs; kill it (no chance to clean up) part-way through.
    const phase1 = write(900, 'p1');
    await until(async () => (await projected()) >= 300, { what: 'the first events to be projected', timeoutMs: 60_000 });
    expect(await worker.kill('SIGKILL')).toBe('SIGKILL');
    const headAfterPhase1 = await phase1;

    // 2. Writing while no worker runs, then restart it.
    const headAfterPhase2 = await write(500, 'p2');
    expect(await projected()).toBeLessThan(headAfterPhase2);
    worker = startWorker();

    // 3. Writing while the worker catches up; kill NATS part-way through (the worker stays up).
    const phase3 = write(900, 'p3');
    await until(async () => (await projected()) > headAfterPhase1, { what: 'the restarted worker to catch up past phase 1', timeoutMs: 60_000 });
    expect(await nats.kill('SIGKILL')).toBe('SIGKILL');
    await phase3;

    // 4. Writing while NATS is down, then restart it on the same port and storage.
    const head = await write(700, 'p4');
    // Nothing reaches the projector without the bus (the fixture turns the store sweep off).
    expect(await projected()).toBeLessThan(head);
    nats = await world.startNats();

    await until(async () => (await projected()) === head && (await relayed()) === head, {
      what: 'relay and projector to reach the head',
      timeoutMs: 120_000,
      everyMs: 100,
    });
    // A graceful stop answers SIGTERM with exit code 0.
    expect(await worker.kill('SIGTERM'), worker.output()).toBe(0);
    worker = null;

    const { actual, expected } = await world.dumps();
    expect(actual.log.length).toBe(3000);
    expect(actual.counts).toEqual([expect.objectContaining({ projector: 'fanout-count', events: 3000 })]);
    expect(actual.log.map((r) => Number((r as { position: number }).position))).toEqual((await world.store.readAll()).map((e) => e.position));
    expect(actual).toEqual(expected);
  });
});
