import { defaultLabourSettings } from '@moncafe/domain/attendance/kinds';
import { DEFAULT_RECRUIT_TIMES } from '@moncafe/domain/shift/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApplication } from '@moncafe/domain/application';
import { fixedTableCatalog } from '@moncafe/domain/testing/table-catalog';
import type { MailMessage } from '@moncafe/domain/ports';
import { manualClock } from '@moncafe/domain/testing/manual-clock';
import { memoryBlobStore } from '@moncafe/domain/testing/memory-blob-store';
import { memoryEventStore } from '@moncafe/domain/testing/memory-event-store';
import { cakeCourse, fixedCatalog, START } from '@moncafe/domain/testing/reservation-catalog';
import { testHashing, testIds } from '@moncafe/domain/testing/test-ids';
import { otplibCodes, webAuthnCeremonies } from '@moncafe/infra/auth/second-factors';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import type { Runtime } from '@moncafe/infra/runtime';
import { createQueries } from '@moncafe/projections/queries';
import { readModelMigrations } from '@moncafe/projections/read-models';
import { createAppLoadContext, type WebApp } from '#app/context';
import { keptPages } from '#app/http/kept-pages';
import { confirmState } from '#app/routes/confirm-reservation/route';
import { loader } from '#app/routes/api/reservation-confirmation/$token/route';
import { accountMails } from '#app/auth/mails';
import { reservationMails } from './mails';
import { NO_FIGURES, NOTHING_OPEN } from '@moncafe/domain/register/figures';

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
  const mails: MailMessage[] = [];
  const logger = pino({ level: 'silent' });
  const eventStore = memoryEventStore(clock.now);
  const services = createApplication({
    eventStore,
    clock,
    ids: testIds,
    hashing: testHashing,
    blobs: memoryBlobStore(),
    mailer: { send: async (mail) => void mails.push(mail) },
    logger,
    passwords: { hash: async () => 'unused', verify: async () => false },
    reservationCatalog: fixedCatalog(),
    reservationMails: reservationMails('http://cafe.test'),
    shiftDirectory: { submittersOf: async () => [], recruitTimes: async () => DEFAULT_RECRUIT_TIMES },
    storeStaff: { isStoreStaff: async () => false },
    storeListings: { storesOf: async () => [] },
    wageRecordsOf: async () => [],
    checklistTasks: { find: async () => null },
    secrets: { seal: (plain) => plain, open: (sealed) => sealed, sealedWithNewest: () => true },
    accountMails: accountMails('http://cafe.test'),
    oneTimeCodes: otplibCodes,
    passkeyCeremonies: webAuthnCeremonies('http://cafe.test'),
    tableCatalog: fixedTableCatalog(),
    seatBookings: { futureOn: async () => [] },
    openStoreIds: async () => [],
    pictures: { menuPicture: async () => null },
    menuDirectory: {
      usage: async () => ({ reservations: 0, orders: 0 }),
      partsOf: async () => ({ optionIds: [], dependencyIds: [] }),
      dependenciesOfOption: async () => [],
    },
    personalKeys: { erase: async () => {}, isErased: async () => false },
    guests: { reservationsOf: async () => [], lastSeenBefore: async () => [] },
    customerAccountOf: async () => null,
    signOut: async () => {},
    forgetMails: async () => {},
    dayFigures: { of: async () => NO_FIGURES, openAtClose: async () => NOTHING_OPEN },
    attendanceDirectory: { settingsOf: async (storeId) => defaultLabourSettings(storeId), fence: async () => null },
  });
  // Only the parts of the runtime the call's edge uses.
  const runtime = { ids: testIds, logger, clock, waitForProjections: async () => {} } as unknown as Runtime;
  const app: WebApp = {
    runtime,
    services,
    queries: createQueries(database.db, eventStore),
    oidc: null,
    keptPages: keptPages(() => false),
    today: () => '2026-12-01',
  };
  const open = async (token: string) => {
    const request = new Request(`http://cafe.test/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`);
    const response = await loader({ request, params: { token }, context: createAppLoadContext(app) });
    return { status: response.status, body: (await response.json()) as { success?: boolean; error?: string; confirmation?: { isConfirmed: boolean } } };
  };
  return { clock, mails, services, open };
}

async function requested(s: ReturnType<typeof system>) {
  const input = { sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, correlationId: 'c' };
  await s.services.booking.allocateSeat({ ...input, menuIds: [cakeCourse.menuId] });
  const { reservationId } = await s.services.booking.requestReservation({
    ...input,
    customer: { name: '山田花子', email: 'hanako@example.jp', phone: '090-1234-5678' },
    accountId: null,
    cart: [{ menuId: cakeCourse.menuId, quantity: 1 }],
    detail: {},
  });
  // The link the mail carries; the request mail itself is not what this test is about.
  const link = s.mails.shift()!.text.match(/confirm-reservation\?token=(\S+)/)![1]!;
  return { reservationId, token: decodeURIComponent(link) };
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
