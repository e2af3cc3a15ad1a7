import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { bookingFlow } from '@moncafe/domain/reservation/booking-flow';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { memoryEventStore } from '@moncafe/infra/eventstore/memory';
import type { Mail } from '@moncafe/infra/mail/mailer';
import type { Runtime } from '@moncafe/infra/runtime';
import { readModelMigrations } from '@moncafe/projections/read-models';
import { createAppLoadContext } from '../context';
import { sha256Hex } from './flow.server';
import { loader } from '../routes/api.reservation-confirmation.token';
import { confirmState } from '../routes/confirm-reservation';
import { cakeCourse, fixedCatalog, manualClock, realIds, START } from '../../../../tests/reservation/fixtures';

/**
 * The confirmation link's call, run in-process with the clock injected: inside 5 minutes it
 * confirms (once), at 5 minutes it answers what the page turns into the expired card. No sleeping.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db, readModelMigrations);
});
afterAll(() => database.close());

function system() {
  const clock = manualClock(START);
  const eventStore = memoryEventStore(clock.now);
  const mails: Mail[] = [];
  const runtime = {
    db: database.db,
    eventStore,
    clock,
    ids: realIds,
    logger: pino({ level: 'silent' }),
    mail: { send: async (mail: Mail) => void mails.push(mail) },
    config: { publicUrl: 'http://cafe.test' },
    waitForProjections: async () => {},
  } as unknown as Runtime; // only the parts the confirmation call uses
  const customerFlow = bookingFlow({ eventStore, ids: realIds, clock, catalog: fixedCatalog(), hashToken: sha256Hex });
  const open = async (token: string) => {
    const request = new Request(`http://cafe.test/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`);
    const args = {
      request,
      url: new URL(request.url),
      pattern: '/api/reservation-confirmation/:token',
      params: { token },
      context: createAppLoadContext(runtime),
    };
    const response = await loader(args as unknown as Parameters<typeof loader>[0]);
    return { status: response.status, body: (await response.json()) as { success?: boolean; error?: string; confirmation?: { isConfirmed: boolean } } };
  };
  return { clock, mails, customerFlow, open };
}

async function requested(s: ReturnType<typeof system>) {
  const input = { sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, correlationId: 'c' };
  await s.customerFlow.allocateSeat({ ...input, menuIds: [cakeCourse.menuId] });
  return s.customerFlow.requestReservation({
    ...input,
    customer: { name: '山田花子', email: 'hanako@example.jp', phone: '090-1234-5678' },
    accountId: null,
    lines: [{ menuId: cakeCourse.menuId, name: cakeCourse.name, price: 3000, quantity: 1 }],
    detail: {},
    optionsPrice: 0,
  });
}

describe('the confirmation link', () => {
  it('confirms within 5 minutes, mails the details with the cancel link, and never confirms twice', async () => {
    const s = system();
    const { token, reservationId } = await requested(s);
    s.clock.advance(4);
    const first = await s.open(token);
    expect(first.status).toBe(200);
    expect(confirmState(first.status, first.body as never).kind).toBe('confirmed');
    expect(s.mails).toHaveLength(1);
    expect(s.mails[0]?.text).toContain(`http://cafe.test/reservation/cancel?reservation_id=${reservationId}&email=hanako%40example.jp`);

    const second = await s.open(token);
    expect(second.body.confirmation?.isConfirmed).toBe(true);
    // No second confirmation: no second mail.
    expect(s.mails).toHaveLength(1);
  });

  it('shows the expired card for a link 5 minutes old', async () => {
    const s = system();
    const { token } = await requested(s);
    s.clock.advance(5);
    const answer = await s.open(token);
    expect(answer.status).toBe(400);
    expect(confirmState(answer.status, answer.body as never)).toEqual({ kind: 'expired' });
    expect(s.mails).toHaveLength(0);
  });
});
