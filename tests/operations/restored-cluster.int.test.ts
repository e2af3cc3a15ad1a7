import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { freePort, startTestWebServer, type TestWebServer } from '../support/web-server';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * Decision 198: a pg_dump restored into a new cluster hid every event (positions are built
 * from the cluster's transaction ids, decision 040) and would number new events below them. A
 * process refuses such a database at start, saying what happened and which backup works.
 */
const serverUrl = await postgresUrl();
const BIN = '/usr/lib/postgresql/15/bin';

describe.skipIf(!canRunThrowawayPostgres || !serverUrl)('a database restored into another cluster', () => {
  let source: TestDatabase | null = null;
  let target: ThrowawayPostgres | null = null;
  let server: TestWebServer | null = null;
  afterAll(async () => {
    await server?.close();
    await target?.destroy();
    await source?.drop();
  });

  it('is refused at start with the way to restore instead', async () => {
    // A system with events on the shared server (its transaction ids are far along)…
    source = await createTestDatabase(serverUrl!, 'moncafe_dump');
    server = await startTestWebServer({ env: { DATABASE_URL: source.url, DEMO_DATA: '0' } });
    await server.close();
    server = null;
    // …dumped and restored into a fresh cluster, whose transaction ids start low.
    target = await startThrowawayPostgres(await freePort());
    const dump = execFileSync(`${BIN}/pg_dump`, ['--no-owner', '--no-privileges', source.url], { maxBuffer: 256 * 1024 * 1024 });
    execFileSync(`${BIN}/psql`, ['-q', '-v', 'ON_ERROR_STOP=1', target.url], { input: dump, stdio: ['pipe', 'ignore', 'pipe'] });
    // As from an older release: its newest migration not run yet. The refusal must come before it runs.
    const psql = (query: string) => execFileSync(`${BIN}/psql`, ['-At', '-c', query, target!.url], { encoding: 'utf8' }).trim();
    const newest = psql('select name from kysely_migration order by name desc limit 1');
    psql(`delete from kysely_migration where name = '${newest}'`);
    const migrationsBefore = psql('select count(*) from kysely_migration');

    const refused = await startTestWebServer({ env: { DATABASE_URL: target.url, DEMO_DATA: '0' } }).then(
      (started) => {
        server = started;
        return null;
      },
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/web server exited \(1\) before serving/);
    expect(refused).toContain('this database was copied from another PostgreSQL cluster');
    expect(refused).toContain('npm run events:import');
    expect(refused).toContain('pg_basebackup');
    // Nothing was migrated: the copy is as it was restored.
    expect(psql('select count(*) from kysely_migration')).toBe(migrationsBefore);
    expect(psql(`select count(*) from kysely_migration where name = '${newest}'`)).toBe('0');
  }, 180_000);
});
