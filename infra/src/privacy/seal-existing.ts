import { sql, type Kysely } from 'kysely';
import type { PersonalData } from '@moncafe/domain/privacy/personal-data';
import type { PersonalDataSealer } from './sealing';

/**
 * The one-time rewrite of events written before personal fields were sealed (decision
 * 183): every event of a declared type whose personal fields are still plain gets them sealed
 * in place, with its subject's key — the only change ever made to a stored event, and one that
 * keeps what every reader sees (the sealing layer opens the fields again). Idempotent: a sealed
 * field is passed over, so it may run twice, or in two processes at once. `npm run
 * privacy:seal-events` runs it; a start runs it once (recorded in `privacy_steps`).
 * Only for the PostgreSQL event store: a KurrentDB stream cannot be rewritten (decision 183).
 */
// v2: receipts' 宛名 and 但し書き became personal (decision 517), so a system that ran v1 seals those once more.
const SEAL_STEP = 'seal-plaintext-events-v2';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const PAGE = 500;

export async function sealPlaintextEvents(deps: { db: AnyDb; sealer: PersonalDataSealer; declarations: readonly PersonalData[] }): Promise<{ sealed: number }> {
  const types = [...new Set(deps.declarations.flatMap((d) => Object.keys(d.events)))];
  let after = 0;
  let sealed = 0;
  for (;;) {
    const { rows } = await sql<{ position: string; stream_id: string; type: string; data: unknown }>`
      select position, stream_id, type, data from events
       where type in (${sql.join(types)}) and position > ${after}
       order by position limit ${PAGE}`.execute(deps.db);
    for (const row of rows) {
      const [event] = await deps.sealer.seal(row.stream_id, [{ eventId: '', type: row.type, data: row.data, metadata: null as never }]);
      if (event!.data === row.data) continue;
      await sql`update events set data = ${JSON.stringify(event!.data)}::jsonb where position = ${row.position}`.execute(deps.db);
      sealed += 1;
    }
    if (rows.length < PAGE) return { sealed };
    after = Number(rows.at(-1)!.position);
  }
}

/** Runs the rewrite unless a start already did (the count of rewritten events is kept with it). */
export async function sealPlaintextEventsOnce(deps: Parameters<typeof sealPlaintextEvents>[0]): Promise<{ sealed: number } | null> {
  const done = await deps.db.selectFrom('privacy_steps').select('name').where('name', '=', SEAL_STEP).executeTakeFirst();
  if (done) return null;
  const result = await sealPlaintextEvents(deps);
  await deps.db
    .insertInto('privacy_steps')
    .values({ name: SEAL_STEP, done_at: new Date(), count: result.sealed })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return result;
}
