import { afterAll, describe, expect, it } from 'vitest';
import { canRunThrowawayPostgres } from '../operations/throwaway-postgres';
import { startBalancer, type Balancer } from '../support/balancer';
import { DEMO_SEATS, moveToOpenHours, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import type { TestWebServer } from '../support/web-server';
import { leaderOf, startMultiProcessSystem, type MultiProcessSystem } from './support/multi-process';
import { loadActors, MixedLoad, openChecker } from './support/mixed-load';

/**
 * A rolling deploy as a guest sees it (decisions 550, 556): two web processes and a worker on a
 * PostgreSQL and NATS of the test's own, every request through the test balancer, which routes
 * by /readyz with the Kubernetes probe (every 5 s, 2 s timeout, out after one failure). Each web
 * process in turn: a new one is started beside it and taken into the rotation by the probe, then
 * the old one gets SIGTERM and drains for its 10 s while the mixed load goes on. Not one
 * request fails or is reset; every command answered 2xx is in the store; none is there twice.
 */
describe.skipIf(!canRunThrowawayPostgres)('a rolling restart behind a balancer', () => {
  let system: MultiProcessSystem | null = null;
  let balancer: Balancer | null = null;
  afterAll(async () => {
    await balancer?.close();
    await system?.close();
  });

  it('fails no request, loses no acknowledged command and doubles none', { timeout: 600_000 }, async () => {
    balancer = await startBalancer();
    // The public address is the balancer's, as behind any real one: origins and links name it.
    system = await startMultiProcessSystem({ postgres: 15740, nats: 15741 }, 'rolling', {
      env: { PUBLIC_URL: balancer.url, SHUTDOWN_DRAIN_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '10' },
    });
    await system.startNats();
    await leaderOf([system.startWorker()]);
    const webs: TestWebServer[] = [];
    const startWeb = async () => {
      const web = await system!.startWeb();
      await waitForOrderMenu(web.url);
      await moveToOpenHours(web);
      webs.push(web);
      balancer!.add(web.url, web.probeUrl!);
      await until(() => balancer!.ready().includes(web.url), { what: 'the balancer to take the new process in', timeoutMs: 30_000 });
      return web;
    };
    await startWeb();
    await startWeb();

    // Everything through the balancer: the load sees one address, as a guest's phone does.
    const front = { url: balancer.url } as TestWebServer;
    const { admin, member } = await loadActors(front);
    const load = new MixedLoad(() => [front], admin, member);
    load.start(DEMO_SEATS.slice(0, 4));
    for (const old of [...webs]) {
      const before = load.committed().length + 10;
      await until(() => load.committed().length >= before, { what: 'commands before the restart', timeoutMs: 120_000, everyMs: 50 });
      await startWeb();
      const stopped = await old.signal('SIGTERM');
      expect(stopped, old.output().slice(-2000)).toBe(0);
      balancer.remove(old.url);
      webs.splice(webs.indexOf(old), 1);
    }
    const after = load.committed().length + 10;
    await until(() => load.committed().length >= after, { what: 'commands after the restarts', timeoutMs: 120_000, everyMs: 50 });
    await load.stop();

    const failed = load.answers.filter((a) => a.status <= 0 || a.status >= 500);
    const committed = load.committed();
    const checker = await openChecker(system.env);
    try {
      const kept = await checker.inStore(committed.map((a) => a.requestId));
      const doubled = await checker.doubled(load.answers);
      const report = {
        answers: load.answers.length,
        committed: committed.length,
        failed: failed.length,
        balancerFailures: balancer.failures().length,
        lost: committed.length - kept,
        doubled: doubled.length,
        routed: Object.fromEntries(balancer.routed()),
      };
      console.log(`rolling restart behind the balancer: ${JSON.stringify(report)}`);
      expect(failed, 'requests that failed or were reset').toEqual([]);
      expect(balancer.failures()).toEqual([]);
      expect(report.lost).toBe(0);
      expect(doubled).toEqual([]);
      // Every process took traffic: the new ones too.
      expect(balancer.routed().size).toBe(4);
    } finally {
      await checker.close();
    }
  });
});
