import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { canRunThrowawayPostgres } from '../operations/throwaway-postgres';
import { httpClient } from '../support/http-client';
import { openSse } from '../support/sse';
import { DEMO_SEATS, moveToOpenHours, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import type { TestWebServer } from '../support/web-server';
import { leaderOf, startMultiProcessSystem, type MultiProcessSystem } from './support/multi-process';
import { loadActors, MixedLoad } from './support/mixed-load';

/**
 * Several processes (decision 381): two web processes and a worker on one PostgreSQL and NATS (the test's
 * own). A live event caused through one reaches the other's clients; a session made on one
 * works on the other; rate limits and Idempotency-Keys hold across both; and a rolling restart
 * (SIGTERM one, start it again, then the other) under load loses no request.
 */
describe.skipIf(!canRunThrowawayPostgres)('several web processes', () => {
  let system: MultiProcessSystem | null = null;
  afterAll(async () => {
    await system?.close();
  });

  it('share live events, sessions, rate limits and keys, and restart one at a time without losing a request', { timeout: 600_000 }, async () => {
    system = await startMultiProcessSystem({ postgres: 15720, nats: 15721 }, 'several');
    await system.startNats();
    await leaderOf([system.startWorker()]);
    const a = await system.startWeb();
    await waitForOrderMenu(a.url);
    const b = await system.startWeb();
    for (const web of [a, b]) await moveToOpenHours(web);

    // A session made on A works on B; a live event caused through A reaches B's kitchen screen.
    const admin = await signedInAdmin(a.url);
    const onB = await openSse(`${b.url}/live?topics=kitchen`, { cookie: admin.cookie! });
    expect(onB.status).toBe(200);
    const stock = { quantity: 9, is_sold_out: false, manage_stock: true };
    const key = randomUUID();
    const first = await admin.send('POST', '/api/admin/menu-stock/menu-gateau', { json: stock, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    await onB.until((frames) => frames.some((f) => f.event === 'stock-updated'), 30_000);
    onB.close();

    // The same key to B answers A's answer again; another body under it is a conflict there too.
    const again = await admin.send('POST', `${b.url}/api/admin/menu-stock/menu-gateau`, { json: stock, headers: { 'idempotency-key': key, origin: b.url } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await admin.send('POST', `${b.url}/api/admin/menu-stock/menu-gateau`, {
      json: { ...stock, quantity: 10 },
      headers: { 'idempotency-key': key, origin: b.url },
    });
    expect(other.status).toBe(409);

    // Sign-ups from one address, half to each process, at once: the hourly limit holds in all.
    const address = '198.51.100.77';
    const statuses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        httpClient([a, b][i % 2]!.url, { address })
          .postJson('/api/auth/register', { name: `客${i}`, email: `several-${i}@example.jp`, password: `several password ${i}` })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);

    // A rolling restart under load: SIGTERM one, start another in its place, then the other.
    const webs: TestWebServer[] = [a, b];
    const { member } = await loadActors(a);
    const load = new MixedLoad(() => webs, admin, member);
    load.start(DEMO_SEATS.slice(0, 4));
    for (const old of [a, b]) {
      const before = load.committed().length + 10;
      await until(() => load.committed().length >= before, { what: 'commands before the restart', timeoutMs: 120_000, everyMs: 50 });
      webs.splice(webs.indexOf(old), 1);
      await old.stop();
      const fresh = await system.startWeb();
      await moveToOpenHours(fresh);
      webs.push(fresh);
    }
    const after = load.committed().length + 10;
    await until(() => load.committed().length >= after, { what: 'commands after the restarts', timeoutMs: 120_000, everyMs: 50 });
    await load.stop();
    const lost = load.answers.filter((x) => x.status === -1 || (x.status === 0 && x.error !== 'ECONNREFUSED'));
    const report = {
      answers: load.answers.length,
      committed: load.committed().length,
      refusedConnections: load.answers.filter((x) => x.error === 'ECONNREFUSED').length,
      lost: lost.length,
      server5xx: load.answers.filter((x) => x.status >= 500).length,
    };
    console.log(`rolling restart report: ${JSON.stringify(report)}`);
    expect(lost, 'requests sent to a stopping process that got no answer').toEqual([]);
    expect(report.server5xx).toBe(0);
  });
});
