import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { liveMessagesFor } from '@moncafe/infra/live/messages';
import { startRuntime, type Runtime } from '@moncafe/infra/runtime';
import { expect } from 'vitest';
import { dumpReadModels } from '../../database/read-model-dump';
import { httpClient, type HttpClient } from '../../support/http-client';
import { openSse, type SseConnection } from '../../support/sse';
import { AT_DEMO_STORE, DEMO_STORE, seatCodeOf, signedInAdmin, withToken } from '../../support/table-order';
import { until } from '../../support/until';
import type { TestWebServer } from '../../support/web-server';

/**
 * A bad evening's mixed load on several web processes (decision 381): guests checking in
 * with their seat's code, ordering and paying, the kitchen completing, bookings, and shift
 * corrections. Every call is one user action with an Idempotency-Key and a request id of its own,
 * resent with the same key to another process when no answer came (as the screens do). Every
 * answer is recorded: its status, whether it was a replay, its Retry-After, and how long it took.
 */
export interface Answer {
  requestId: string;
  /** The action's Idempotency-Key: every attempt of one action carries the same. */
  key?: string;
  /** When this attempt was sent (performance.now()); `at` is when its answer came. */
  sentAt?: number;
  path: string;
  status: number; // 0: no answer (connection refused or broken); -1: no answer within HANG_MS
  /** Why there was no answer (the socket error's code: ECONNREFUSED when nothing listened). */
  error?: string;
  replayed: boolean;
  retryAfter: string | null;
  /** A 4xx answer's code, when its body named one. */
  refusal?: string;
  at: number;
}

const HANG_MS = 30_000;

/** The longest a guest waits before trying again after a refusal (doubling from a quarter second). */
const MAX_BACKOFF_MS = 4_000;

export class MixedLoad {
  readonly answers: Answer[] = [];
  private running = false;
  private actors: Promise<void>[] = [];
  private next = 0;
  private shiftDay = 0;
  /** Wakes every pause early when the load stops, so stop() need not wait out a Retry-After. */
  private wake: (() => void)[] = [];
  /** The calls sent and not answered yet, as `{process url} {METHOD path}` (the path's ids as :id). */
  private readonly sending = new Map<string, number>();

  constructor(
    private readonly webs: () => TestWebServer[],
    private readonly admin: HttpClient,
    private readonly member: string,
  ) {}

  private target(): TestWebServer | null {
    const webs = this.webs();
    return webs.length ? webs[this.next++ % webs.length]! : null;
  }

  /** Waits `ms`, or less when the load stops meanwhile. */
  private async pause(ms: number): Promise<void> {
    if (!this.running) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = this.wake.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake.push(done);
    });
  }

  /**
   * A guest's next try after `refusals` refusals in a row: a quarter second doubling up to
   * MAX_BACKOFF_MS, with jitter, as a person reading the message and tapping again does (and so
   * that the load is a rush, not every actor retrying in lockstep the moment it was refused).
   */
  private backOff(refusals: number): Promise<void> {
    const ms = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.max(0, refusals - 1));
    return this.pause(ms / 2 + Math.random() * (ms / 2));
  }

  /**
   * One user action: sent until it has an answer other than "no answer", 503 or 429, always with
   * the same key (none of those decided anything; 429 is not kept for replay). After a 429 it
   * waits the Retry-After it was told (a second when none came) before sending again.
   */
  async call(
    client: HttpClient,
    method: string,
    pathname: string,
    json: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer & { body: Record<string, unknown> }> {
    const key = randomUUID();
    for (;;) {
      const web = this.target();
      if (!web) throw new Error('no web process');
      const requestId = `fault-${randomUUID()}`;
      const sentAt = performance.now();
      const underWay = `${web.url} ${method} ${pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
      this.sending.set(underWay, (this.sending.get(underWay) ?? 0) + 1);
      const sent = client.send(method, new URL(pathname, web.url).toString(), {
        json,
        headers: { ...headers, origin: web.url, 'idempotency-key': key, 'x-request-id': requestId },
      });
      let timer: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        sent.then(
          async (r) => ({
            status: r.status,
            replayed: r.headers.get('idempotent-replayed') === 'true',
            retryAfter: r.headers.get('retry-after'),
            body: (await r.json().catch(() => ({}))) as Record<string, unknown>,
          }),
          (error: unknown) => ({ status: 0, replayed: false, retryAfter: null, body: {}, error: errorCode(error) }),
        ),
        new Promise<{ status: number; replayed: boolean; retryAfter: null; body: Record<string, unknown> }>((resolve) => {
          timer = setTimeout(() => resolve({ status: -1, replayed: false, retryAfter: null, body: {} }), HANG_MS);
        }),
      ]);
      clearTimeout(timer);
      this.sending.set(underWay, this.sending.get(underWay)! - 1);
      // A refusal's code (`seat_taken`, …) is kept: a report can say why the load was refused.
      const code = answer.status >= 400 && answer.status < 500 ? (answer.body as { error?: unknown }).error : undefined;
      const recorded = {
        requestId,
        key,
        sentAt,
        path: `${method} ${pathname.replace(/[0-9a-f-]{36}/g, ':id')}`,
        ...answer,
        ...(typeof code === 'string' && /^[a-z_]+$/.test(code) ? { refusal: code } : {}),
        at: performance.now(),
      };
      this.answers.push({ ...recorded, body: undefined } as unknown as Answer);
      if ((answer.status === 0 || answer.status === 503) && this.running) {
        await this.pause(answer.status === 503 ? 200 : 50);
        continue;
      }
      if (answer.status === 429 && this.running) {
        await this.pause(1000 * (Number(answer.retryAfter) > 0 ? Number(answer.retryAfter) : 1));
        continue;
      }
      return recorded;
    }
  }

  private async guest(seatId: string) {
    const guest = httpClient(this.webs()[0]!.url);
    // Check-ins refused in a row (the seat still taken, 409): each waits longer before the next.
    let refused = 0;
    while (this.running) {
      const seat = { seat_id: seatId, seat_code: await seatCodeOf(this.webs()[0]!.url, seatId), ...AT_DEMO_STORE };
      // One guest: every seat takes one (a party of two is refused over_capacity at a counter seat).
      const checkIn = await this.call(guest, 'POST', '/api/orders/qr-checkin', { ...seat, number_of_people: 1 });
      if (checkIn.status !== 200) {
        await this.backOff(++refused);
        continue;
      }
      refused = 0;
      const { reservation_id, token } = checkIn.body as { reservation_id: string; token: string };
      const order = await this.call(
        guest,
        'POST',
        '/api/orders',
        { seat_id: seatId, reservation_id, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
        withToken(token),
      );
      const orderId = order.body.order_id as string | undefined;
      if (orderId) await this.call(this.admin, 'POST', `/api/orders/${orderId}/complete`, {});
      // Paid whatever happened, so the seat is free for the next guest.
      for (let tries = 0; tries < 20; tries++) {
        const paid = await this.call(
          guest,
          'POST',
          '/api/orders/checkout',
          { reservation_id, payment_method: 'cash', order_ids: orderId ? [orderId] : [] },
          withToken(token),
        );
        if (paid.status < 500 && paid.status > 0) break;
        await this.backOff(tries + 1);
      }
    }
  }

  private async shifts() {
    let refused = 0;
    while (this.running) {
      const n = this.shiftDay++;
      const month = new Date(Date.now() + (60 + 31 * Math.floor(n / 28)) * 86_400_000).toISOString().slice(0, 7);
      const date = `${month}-${String((n % 28) + 1).padStart(2, '0')}`;
      const shift = { store_id: DEMO_STORE, user_id: this.member, shift_date: date, start_time: '10:00', end_time: '15:00' };
      const added = await this.call(this.admin, 'POST', '/api/admin/shifts', shift);
      if (added.status !== 200) {
        await this.backOff(++refused);
        continue;
      }
      refused = 0;
      await this.call(this.admin, 'PUT', `/api/admin/shifts/${added.body.id as string}`, {
        store_id: DEMO_STORE,
        user_id: this.member,
        shift_date: date,
        shift_type: 'end_time',
        before_value: '15:00',
        after_value: '16:00',
        reason: '延長',
      });
    }
  }

  private async bookings() {
    // Bookings that found no date, time or seat in a row: each next guest comes a little later.
    let refused = 0;
    while (this.running) {
      const guest = httpClient(this.webs()[0]!.url);
      const people = 2;
      const menuIds = ['course-lunch'];
      const dates = await this.call(guest, 'POST', '/api/customery-day/available-dates', { people, menuIds });
      const date = (dates.body.dates as string[] | undefined)?.at(-1);
      const times = date ? await this.call(guest, 'POST', '/api/customery-day/available-times', { date, people, menuIds }) : null;
      const time = (times?.body.times as string[] | undefined)?.[0];
      const held = date && time ? await this.call(guest, 'POST', '/api/customery-day/allocate-seat', { date, time, people, menuIds }) : null;
      if (!date || !time || held?.status !== 200) {
        await this.backOff(++refused);
        continue;
      }
      refused = 0;
      await this.call(guest, 'POST', '/api/reservation-confirmation/send-confirmation', {
        name: '山田花子',
        email: `guest-${randomUUID().slice(0, 8)}@example.jp`,
        phone: '090-1234-5678',
        reservationData: { date, time, people, cart: [{ menu_id: 'course-lunch', quantity: people }] },
      });
      // The next booking guest comes a moment later: a rush of bookings, not one every few
      // milliseconds crowding out the guests at the tables.
      await this.pause(500);
    }
  }

  start(seats: readonly string[]) {
    this.running = true;
    this.actors = [...seats.map((seat) => this.guest(seat)), this.shifts(), this.bookings()];
  }

  async stop() {
    this.running = false;
    for (const wake of this.wake.splice(0)) wake();
    await Promise.all(this.actors);
  }

  /** Whether a call to `path` (`POST /api/orders/checkout`) is under way at the process at `url`: a fault can strike it. */
  underWay(url: string, path: string): boolean {
    return (this.sending.get(`${url} ${path}`) ?? 0) > 0;
  }

  /** Commands (not reads) answered 2xx the first time (a replay appends nothing under its own request id). */
  committed(since = 0): Answer[] {
    return this.answers.filter((a) => a.at >= since && a.status >= 200 && a.status < 300 && !a.replayed && !/available-|GET /.test(a.path));
  }
}

export function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  return cause?.code ?? cause?.name ?? String(error);
}

/** The admin of the demo store, signed in on `web`, and a staff member to schedule. */
export async function loadActors(web: TestWebServer) {
  const admin = await signedInAdmin(web.url);
  const users = await admin.getJson<{ id: string }[]>(`/api/users?store_id=${DEMO_STORE}`);
  return { admin, member: users.body[0]!.id };
}

/**
 * A kitchen screen on `/live` that reconnects to whichever process answers, resuming with its
 * last event id, as the screen's EventSource does. Keeps every frame it got, across connections.
 */
export class LiveFollower {
  readonly frames: { id: number; event: string; data: string | null; at: number }[] = [];
  first: number | null = null;
  private connection: SseConnection | null = null;
  private stopped = false;
  private done: Promise<void> = Promise.resolve();
  last: number | null = null;

  constructor(
    private readonly webs: () => TestWebServer[],
    private readonly cookie: string,
    private readonly topics = 'kitchen',
  ) {}

  async start(): Promise<void> {
    await this.open();
    await until(() => this.first !== null, { what: 'the live stream to say where now is' });
    this.done = this.follow();
  }

  private async open(): Promise<void> {
    for (let i = 0; ; i++) {
      const web = this.webs()[i % this.webs().length]!;
      const headers: Record<string, string> = { cookie: this.cookie, ...(this.last !== null ? { 'last-event-id': String(this.last) } : {}) };
      const connection = await openSse(`${web.url}/live?topics=${this.topics}`, headers).catch(() => null);
      if (connection?.status === 200) {
        const seen = connection.frames.length;
        this.connection = connection;
        void (async () => {
          let read = seen;
          for (;;) {
            const ended = await Promise.race([connection.ended.then(() => true), connection.until((f) => f.length > read, 3_600_000).then(() => false)]).catch(
              () => true,
            );
            for (; read < connection.frames.length; read++) this.take(connection.frames[read]!);
            if (ended) return;
          }
        })();
        for (let k = 0; k < seen; k++) this.take(connection.frames[k]!);
        return;
      }
      connection?.close();
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private take(frame: { id: string | null; event: string | null; data: string | null }) {
    if (frame.id === null) return;
    const id = Number(frame.id);
    this.first ??= id;
    this.last = id;
    if (frame.event) this.frames.push({ id, event: frame.event, data: frame.data, at: performance.now() });
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      await this.connection!.ended;
      if (this.stopped) return;
      await this.open();
    }
  }

  async stop() {
    this.stopped = true;
    this.connection?.close();
    await this.done;
  }
}

/**
 * What the checks read: an in-process runtime on the system's database (RUN_PROJECTIONS=0: it
 * neither relays nor projects), for the store, the read models and a rebuild of them.
 */
export async function openChecker(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-faults-checker-'));
  const runtime: Runtime = await startRuntime(
    loadConfig({ ...env, DATA_DIR: dataDir, RUN_PROJECTIONS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    stubMails,
  );
  const probe = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  probe.on('error', () => undefined);
  return {
    runtime,
    /** How many of these requests appended at least one event (their id is each event's correlation id). */
    async inStore(requestIds: string[]): Promise<number> {
      const { rows } = await probe.query<{ n: string }>(
        `select count(distinct metadata->>'correlationId') as n from events where metadata->>'correlationId' = any($1::text[])`,
        [requestIds],
      );
      return Number(rows[0]!.n);
    },
    async caughtUp(timeoutMs = 120_000) {
      await until(
        async () => {
          const status = await runtime.databaseAdmin.status().catch(() => null);
          return !!status && status.readModels.every((m) => m.behind === 0 && m.checkpoint >= status.head);
        },
        { timeoutMs, what: 'every read model to reach the head', everyMs: 200 },
      );
    },
    /**
     * Actions that appended twice: two attempts under one Idempotency-Key whose request ids both
     * became events' correlation ids (the key's first answer should have been replayed instead).
     */
    async doubled(answers: readonly Answer[]): Promise<string[]> {
      const attempts = new Map<string, string[]>();
      for (const a of answers) if (a.key) attempts.set(a.key, [...(attempts.get(a.key) ?? []), a.requestId]);
      const retried = [...attempts.values()].filter((ids) => ids.length > 1);
      const { rows } = await probe.query<{ id: string }>(
        `select distinct metadata->>'correlationId' as id from events where metadata->>'correlationId' = any($1::text[])`,
        [retried.flat()],
      );
      const appended = new Set(rows.map((r) => r.id));
      return retried.filter((ids) => ids.filter((id) => appended.has(id)).length > 1).map((ids) => ids.join(' '));
    },
    /** A checksum per read-model table as the workers built it, and as a fresh replay of the store builds it. */
    async checksums(): Promise<{ live: Record<string, string>; replay: Record<string, string> }> {
      const sums = async () =>
        Object.fromEntries(
          Object.entries(await dumpReadModels(runtime.db)).map(([table, rows]) => [
            table,
            createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 12),
          ]),
        );
      const live = await sums();
      const result = await runtime.databaseAdmin.rebuild([]);
      if (result.status !== 'done') throw new Error(`the rebuild did not complete: ${JSON.stringify(result)}`);
      return { live, replay: await sums() };
    },
    /** The kitchen frames a follower should have had after `first`: (event id, message) of each event in the store. */
    async kitchenFrames(first: number): Promise<string[]> {
      const expected: string[] = [];
      for (let after = first; ;) {
        const page = await runtime.eventStore.readAll({ after, maxCount: 1000 });
        for (const event of page)
          for (const m of liveMessagesFor(event)) if (m.topics.includes('kitchen') && !m.debounced) expected.push(`${event.position} ${m.event}`);
        if (page.length < 1000) return expected;
        after = page.at(-1)!.position;
      }
    },
    async close() {
      await probe.end();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Missed and doubled frames of a follower against what it should have had. */
/**
 * Asks every live web process's /readyz four times a second, as a load balancer does, and keeps
 * each answer (0 when none came within 2 s): a fault's report says how long processes said they
 * were not ready, and a process must say it is ready again once the fault is over.
 */
export class ReadinessWatch {
  readonly answers: { url: string; status: number; at: number }[] = [];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(webs: () => TestWebServer[]) {
    this.timer = setInterval(() => {
      for (const web of webs()) {
        void fetch(`${web.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
          .then(async (response) => {
            await response.arrayBuffer();
            this.answers.push({ url: web.url, status: response.status, at: performance.now() });
          })
          .catch(() => this.answers.push({ url: web.url, status: 0, at: performance.now() }));
      }
    }, 250);
  }

  /** Answers other than 200 since `from`. */
  notReady(from: number): number {
    return this.answers.filter((a) => a.at >= from && a.status !== 200).length;
  }

  /** Waits until each of `webs` has answered 200 after `from`, and answers when the last did. */
  async readyAgain(webs: TestWebServer[], from: number): Promise<number> {
    await until(() => webs.every((w) => this.answers.some((a) => a.url === w.url && a.at >= from && a.status === 200)), {
      what: 'every web process to say it is ready',
      timeoutMs: 60_000,
    });
    return Math.max(...webs.map((w) => this.answers.find((a) => a.url === w.url && a.at >= from && a.status === 200)!.at));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function compareFrames(expected: string[], got: { id: number; event: string }[]): { missed: number; doubled: number } {
  const counts = new Map<string, number>();
  for (const f of got) counts.set(`${f.id} ${f.event}`, (counts.get(`${f.id} ${f.event}`) ?? 0) + 1);
  return { missed: expected.filter((e) => !counts.has(e)).length, doubled: [...counts.values()].filter((n) => n > 1).length };
}

/**
 * After a fault, with the load stopped: every command answered 2xx is in the store, every read
 * model equals a replay, each kitchen screen missed and doubled nothing, and no answer was a 5xx
 * other than 503 with Retry-After or a hang. Prints the fault's report line and answers it.
 */
export async function assessFault(
  fault: string,
  load: MixedLoad,
  checker: Awaited<ReturnType<typeof openChecker>>,
  followers: LiveFollower[],
  times: { killedAt: number; restoredAt: number; takeoverMs: number | null; recoveryMs: number; stallMs?: number },
  readiness?: { watch: ReadinessWatch; webs: TestWebServer[] },
) {
  await checker.caughtUp();
  // Once the fault is over every process says it is ready again: a balancer sends it traffic.
  const readyAt = readiness ? await readiness.watch.readyAgain(readiness.webs, times.restoredAt) : null;
  const committed = load.committed();
  const found = await checker.inStore(committed.map((a) => a.requestId));
  const { live, replay } = await checker.checksums();
  await checker.caughtUp();
  // Each kitchen screen is given until the bound to show every frame the store says it should
  // (the head itself may be an event no kitchen sees, so `last` is no measure).
  const expectedFrames = await Promise.all(followers.map((f) => checker.kitchenFrames(f.first!)));
  await until(() => followers.every((f, i) => compareFrames(expectedFrames[i]!, f.frames).missed === 0), {
    what: 'the kitchen screens to show every frame',
    timeoutMs: 60_000,
  }).catch(() => undefined);
  const streams = followers.map((f, i) => ({ expected: expectedFrames[i]!.length, ...compareFrames(expectedFrames[i]!, f.frames) }));
  const during = load.answers.filter((a) => a.at >= times.killedAt && a.at <= times.restoredAt);
  const report = {
    fault,
    answered2xx: committed.length,
    inStore: found,
    checksumsEqual: JSON.stringify(live) === JSON.stringify(replay),
    liveFrames: streams.reduce((n, s) => n + s.expected, 0),
    liveMissed: streams.reduce((n, s) => n + s.missed, 0),
    liveDoubled: streams.reduce((n, s) => n + s.doubled, 0),
    takeoverMs: times.takeoverMs,
    recoveryMs: times.recoveryMs,
    ...(times.stallMs !== undefined ? { stallMs: times.stallMs } : {}),
    ...(readiness ? { readyz: { notReady: readiness.watch.notReady(times.killedAt), readyAgainMs: Math.round(readyAt! - times.restoredAt) } } : {}),
    outage: { answers: during.length, '503': during.filter((a) => a.status === 503).length, noAnswer: during.filter((a) => a.status === 0).length },
    server5xxOther: load.answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    no503RetryAfter: load.answers.filter((a) => a.status === 503 && !(Number(a.retryAfter) > 0)).length,
    hangs: load.answers.filter((a) => a.status === -1).length,
  };
  console.log(`fault report: ${JSON.stringify(report)}`);
  expect(report.inStore, `${fault}: every command answered 2xx is in the store`).toBe(report.answered2xx);
  expect(live, `${fault}: read models equal a fresh replay`).toEqual(replay);
  expect(report.liveFrames, `${fault}: the kitchen screens had frames to get`).toBeGreaterThan(0);
  expect([report.liveMissed, report.liveDoubled], `${fault}: live frames missed/doubled`).toEqual([0, 0]);
  expect([report.server5xxOther, report.no503RetryAfter, report.hangs], `${fault}: 5xx other than 503, 503 without Retry-After, hangs`).toEqual([0, 0, 0]);
  return report;
}
