import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseAdminError } from '@moncafe/infra/database-admin/database-admin';
import { postgresUrl } from '../support/services';
import { dumpReadModels } from './read-model-dump';
import { caughtUp, startSystem, type StoreKind } from './system';

/**
 * The event log exported as NDJSON (the same service as GET /api/admin/database/export) and
 * imported into an empty system (POST /api/admin/database/import): the same events, stream by
 * stream, and the same read models. A non-empty system, or one bad line, imports nothing.
 */
const serverUrl = await postgresUrl();
const kinds: StoreKind[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe.each(kinds)('export and import of the event log (%s)', (kind) => {
  let source: Awaited<ReturnType<typeof startSystem>>;
  let lines: string[];

  beforeAll(async () => {
    source = await startSystem(kind, serverUrl, { demo: true });
    await caughtUp(source.runtime);
    lines = await collect(source.runtime.databaseAdmin.exportLines());
  }, 180_000);
  afterAll(async () => {
    await source?.close();
  });

  it("exports every event once, in order, one JSON line each, then the persons' keys", async () => {
    const events = await source.runtime.eventStore.readAll();
    const keyLines = lines.filter((l) => l.startsWith('{"personalKey":'));
    expect(keyLines.length).toBeGreaterThan(0); // the demo accounts' keys
    expect(lines.slice(-keyLines.length)).toEqual(keyLines);
    expect(lines).toHaveLength(events.length + keyLines.length);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines.slice(0, events.length).map((l) => (JSON.parse(l) as { eventId: string }).eventId)).toEqual(events.map((e) => e.eventId));
  });

  it('imported into an empty system gives the same events and the same read models', { timeout: 180_000 }, async () => {
    const target = await startSystem(kind, serverUrl, { demo: false });
    try {
      expect(await target.runtime.eventStore.headPosition()).toBe(0);
      const result = await target.runtime.databaseAdmin.importLines(lines.join('').split('\n'));
      expect(result.imported).toBe(lines.filter((l) => !l.startsWith('{"personalKey":')).length);
      // Every event as recorded: its position and its recorded time too (decision 553), so the
      // history shows when things happened, not the import.
      const restored = await target.runtime.eventStore.readAll();
      expect(restored).toEqual(await source.runtime.eventStore.readAll());
      expect(new Set(restored.map((e) => e.recordedAt.getTime())).size).toBeGreaterThan(1);
      await caughtUp(target.runtime);
      const imported = await dumpReadModels(target.runtime.db);
      expect(imported).toEqual(await dumpReadModels(source.runtime.db));
      // The round trip: the restored store exports the very file it came from.
      expect((await collect(target.runtime.databaseAdmin.exportLines())).join('')).toBe(lines.join(''));
      expect(imported.accounts!.length).toBeGreaterThan(0);
      expect(imported.reservations).toBeDefined();
      expect(imported.event_history!.length).toBe(result.imported);

      // A new event lands above every restored position, where a reader's checkpoint will look for it.
      const last = restored.at(-1)!;
      const appended = await target.runtime.eventStore.appendToStream(
        'restore-check-1',
        [{ eventId: '0193a7a0-0000-7000-8000-000000000001', type: 'RestoreChecked', data: {}, metadata: last.metadata }],
        { expectedRevision: 'no_stream' },
      );
      expect(appended.lastPosition).toBeGreaterThan(last.position);

      // Now the store is not empty: a second import is refused and changes nothing.
      const before = await target.runtime.eventStore.readAll();
      await expect(target.runtime.databaseAdmin.importLines(lines)).rejects.toMatchObject({ code: 'store_not_empty' });
      expect(await target.runtime.eventStore.readAll()).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('refuses a file with one malformed line and imports nothing from it', { timeout: 180_000 }, async () => {
    const target = await startSystem(kind, serverUrl, { demo: false });
    try {
      const broken = [...lines];
      const middle = Math.floor(broken.length / 2);
      broken[middle] = broken[middle]!.replace('"revision":', '"revision":"x","was":');
      const refusal = await target.runtime.databaseAdmin.importLines(broken).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(DatabaseAdminError);
      expect(refusal).toMatchObject({ code: 'invalid_line', detail: { line: middle + 1 } });
      // Not JSON at all, on the last line.
      const truncated = [...lines.slice(0, -1), lines.at(-1)!.slice(0, 20)];
      await expect(target.runtime.databaseAdmin.importLines(truncated)).rejects.toMatchObject({ code: 'invalid_line', detail: { line: lines.length } });
      // A stream whose versions skip one.
      const skipped = lines.filter((_, i) => i !== 1);
      const skippedEvent = JSON.parse(lines[1]!) as { streamId: string };
      const later = lines.slice(2).some((l) => (JSON.parse(l) as { streamId: string }).streamId === skippedEvent.streamId);
      if (later) await expect(target.runtime.databaseAdmin.importLines(skipped)).rejects.toMatchObject({ code: 'invalid_line' });
      expect(await target.runtime.eventStore.headPosition()).toBe(0);
      expect(await target.runtime.eventStore.readAll()).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
