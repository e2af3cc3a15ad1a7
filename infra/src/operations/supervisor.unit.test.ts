import { describe, expect, it } from 'vitest';
import { until } from '@moncafe/tests/support/until';
import { supervisedLoops } from './supervisor';

function quietLog() {
  const lines: string[] = [];
  return { lines, logger: { warn: (_: object, msg: string) => void lines.push(msg), info: (_: object, msg: string) => void lines.push(msg) } };
}

describe('supervised loops (decision 552)', () => {
  it('runs a failing loop again with a growing back-off, logs and counts each restart, and is up once it ran', async () => {
    const { lines, logger } = quietLog();
    const restarts: string[] = [];
    const loops = supervisedLoops({ logger, restarts: { inc: ({ loop }) => void restarts.push(loop) }, firstBackoffMs: 5, settleMs: 10_000 });
    const starts: number[] = [];
    const loop = loops.run('relay', async (control) => {
      starts.push(performance.now());
      if (starts.length <= 3) throw new Error('connection refused');
      control.ok();
      await control.pause(60_000);
    });
    await until(() => starts.length === 4, { what: 'the fourth start' });
    expect(restarts).toEqual(['relay', 'relay', 'relay']);
    // 5, 10, 20 ms: each pause at least the one before it doubled.
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps[1]!).toBeGreaterThanOrEqual(9);
    expect(gaps[2]!).toBeGreaterThanOrEqual(19);
    expect(lines).toEqual(['loop restarting', 'loop restarting', 'loop restarting', 'loop running again']);
    expect(loops.check()).toEqual({ ok: true });
    // A stop ends the pause at once.
    const stopping = performance.now();
    await loop.stop();
    expect(performance.now() - stopping).toBeLessThan(1000);
  });

  it('is not ready only while a loop has been down past its bound', async () => {
    const loops = supervisedLoops({ logger: quietLog().logger, downBoundMs: 100, firstBackoffMs: 5 });
    let healthy = false;
    const loop = loops.run('notifications', async (control) => {
      if (!healthy) throw new Error('subscription failed');
      control.ok();
      await control.pause(60_000);
    });
    expect(loops.check()).toEqual({ ok: true });
    await until(() => !loops.check().ok, { what: 'the bound to pass' });
    expect(loops.check().detail).toMatch(/^notifications down \d+ s$/);
    healthy = true;
    await until(() => loops.check().ok, { what: 'the loop to be up again' });
    await loop.stop();
  });

  it('counts a loop that restarts itself (failed, then ran)', () => {
    const restarts: string[] = [];
    const loops = supervisedLoops({ logger: quietLog().logger, restarts: { inc: ({ loop }) => void restarts.push(loop) }, downBoundMs: 0 });
    loops.failed('projector-reservations', new Error('catch-up failed'));
    expect(restarts).toEqual(['projector-reservations']);
    loops.ran('projector-reservations');
    expect(loops.check()).toEqual({ ok: true });
  });
});
