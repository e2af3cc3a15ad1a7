import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../operations/throwaway-postgres';
import { DEMO_SEATS, moveToOpenHours, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { leaderOf, startMultiProcessSystem, type MultiProcessSystem } from './support/multi-process';
import { loadActors, MixedLoad, openChecker } from './support/mixed-load';

/**
 * The backup a database administrator already runs (decision 557): `pg_basebackup` of the running
 * system's cluster under the mixed load, with its WAL archived, restored into a new cluster to a
 * named point in time (`pg_create_restore_point`, taken while the load goes on), and the system
 * started on it. Every command answered 2xx before the point is there, none sent after it is, and
 * the read models, caught up, equal a fresh replay. The restored system runs without the old
 * NATS stream: the bus holds events past the point that the restored log does not (README).
 */
const BIN = '/usr/lib/postgresql/15/bin';

describe.skipIf(!canRunThrowawayPostgres)('a physical backup restored to a point in time', () => {
  let system: MultiProcessSystem | null = null;
  let restored: ThrowawayPostgres | null = null;
  let web: TestWebServer | null = null;
  const folders: string[] = [];
  afterAll(async () => {
    await web?.close();
    await restored?.destroy();
    await system?.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('holds every command acknowledged before the point and none after, with read models equal to a replay', { timeout: 900_000 }, async () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    const work = await mkdtemp(path.join(os.tmpdir(), 'moncafe-pitr-'));
    folders.push(work);
    chownSync(work, uid, gid);
    const archive = path.join(work, 'archive');
    const backup = path.join(work, 'base');
    const asPostgres = (command: string, args: string[]) => execFileSync(command, args, { uid, gid, stdio: 'pipe' }).toString();
    asPostgres('mkdir', ['-p', archive]);

    system = await startMultiProcessSystem({ postgres: 15760, nats: 15761 }, 'pitr', {
      postgres: { settings: ['wal_level=replica', 'archive_mode=on', `archive_command=test ! -f ${archive}/%f && cp %p ${archive}/%f`] },
    });
    await system.startNats();
    await leaderOf([system.startWorker()]);
    const first = await system.startWeb();
    await waitForOrderMenu(first.url);
    await moveToOpenHours(first);
    const { admin, member } = await loadActors(first);
    const load = new MixedLoad(() => [first], admin, member);
    load.start(DEMO_SEATS.slice(0, 4));
    await until(() => load.committed().length >= 10, { what: 'commands before the backup', timeoutMs: 120_000, everyMs: 50 });

    // The base backup, under the load: what `pg_basebackup` or pgBackRest takes each night.
    const port = new URL(system.postgres.url).port;
    asPostgres(`${BIN}/pg_basebackup`, ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', '-D', backup, '-X', 'stream', '-c', 'fast']);
    const afterBackup = load.committed().length + 10;
    await until(() => load.committed().length >= afterBackup, { what: 'commands after the backup', timeoutMs: 120_000, everyMs: 50 });

    // The point in time, named in the WAL while commands are still going in.
    const source = new pg.Client({ connectionString: system.postgres.url });
    await source.connect();
    const pointAsked = performance.now();
    await source.query(`select pg_create_restore_point('moncafe-pitr')`);
    const pointMade = performance.now();
    const afterPoint = load.committed().length + 10;
    await until(() => load.committed().length >= afterPoint, { what: 'commands after the point', timeoutMs: 120_000, everyMs: 50 });
    await load.stop();
    // The segment holding the point, and the ones after it, to the archive.
    const { rows } = await source.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
    await source.end();
    await until(() => existsSync(path.join(archive, rows[0]!.wal)), { what: 'the WAL holding the point to be archived', timeoutMs: 60_000 });
    const before = load.committed().filter((a) => a.at < pointAsked);
    const after = load.committed().filter((a) => (a.sentAt ?? 0) > pointMade);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    const secrets = { SESSION_SECRET: system.env.SESSION_SECRET!, SECRETS_KEY: system.env.SECRETS_KEY! };
    await system.close();
    system = null;

    // A new cluster from the base backup, recovered with the archived WAL up to the point.
    restored = await startThrowawayPostgres(15762, {
      restore: (data, run) => {
        run('cp', ['-a', backup, data]);
        run('sh', [
          '-c',
          `touch ${data}/recovery.signal && printf "%s\\n" "restore_command = 'cp ${archive}/%f %p'" "recovery_target_name = 'moncafe-pitr'" "recovery_target_action = 'promote'" >> ${data}/postgresql.auto.conf`,
        ]);
      },
    });
    expect(readdirSync(archive).length).toBeGreaterThan(0);

    // The system on it: the same secrets, a bus of its own (the old stream holds events past the point).
    const env = { DATABASE_URL: restored.url, ...secrets };
    web = await startTestWebServer({ production: true, env: { ...env, LOG_LEVEL: 'warn' } });
    const checker = await openChecker(env);
    try {
      expect(await checker.inStore(before.map((a) => a.requestId))).toBe(before.length);
      expect(await checker.inStore(after.map((a) => a.requestId))).toBe(0);
      await checker.caughtUp();
      const { live, replay } = await checker.checksums();
      console.log(`point-in-time restore: ${JSON.stringify({ before: before.length, after: after.length, tables: Object.keys(live).length })}`);
      expect(live).toEqual(replay);
    } finally {
      await checker.close();
    }
  });
});
