import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@moncafe/domain/ports';
import type { Bus } from '@moncafe/infra/bus/port';
import { connectNatsBus } from '@moncafe/infra/bus/nats';
import { until } from '../support/until';
import { freePort, startNatsServer, type Child } from './support/processes';
import { newEvent } from './support/events';

/**
 * Decision 199: after NATS came back, live screens stayed silent for ~40 s: the live
 * follower was not reopened on reconnect, and waited for its heartbeats to notice. It now resumes
 * at once after the last message it delivered: nothing missed, nothing twice. A NATS server of the
 * test's own, killed and started again by pid.
 */
describe('the live follower across a NATS restart', () => {
  let nats: Child | null = null;
  let bus: Bus | null = null;
  let dir = '';
  afterAll(async () => {
    await bus?.close();
    await nats?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const event = (position: number): RecordedEvent => ({
    ...newEvent(),
    streamId: `order-live-${position}`,
    revision: 0,
    position,
    recordedAt: new Date(),
  });

  it('delivers what is published after the server is back, each event once', async () => {
    const port = await freePort();
    dir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-nats-live-'));
    nats = await startNatsServer(port, dir);
    bus = await connectNatsBus({ url: `nats://127.0.0.1:${port}`, streamName: 'LIVETEST', subjectPrefix: 'livetest', retryDelayMs: 50 });
    const seen: number[] = [];
    await bus.follow((m) => seen.push(m.event.position));
    await bus.publish(event(1), 0);
    await until(() => seen.includes(1), { what: 'the first live message' });

    await nats.kill('SIGKILL');
    nats = await startNatsServer(port, dir);
    await until(() => bus!.connected!(), { what: 'the bus to reconnect', timeoutMs: 10_000 });
    await until(
      async () =>
        bus!.publish(event(2), 1).then(
          () => true,
          () => false,
        ),
      { what: 'a publish to succeed', timeoutMs: 10_000, everyMs: 100 },
    );
    await until(() => seen.includes(2), { what: 'the live message published after the restart', timeoutMs: 5_000 });
    await bus.publish(event(3), 2);
    await until(() => seen.includes(3), { what: 'the next live message' });
    expect(seen).toEqual([1, 2, 3]);
  }, 60_000);
});
