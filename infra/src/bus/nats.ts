import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { DEFAULT_MAX_BATCH, subjectOf, type Bus, type BusHandler, type BusListener, type BusMessage, type BusSubscription, type ConsumeOptions } from './port';

export interface NatsBusOptions {
  /** `nats://host:port`, or several separated by commas. */
  url: string;
  /** JetStream stream name; tests use a unique one and delete it after. */
  streamName?: string;
  /** First subject token. Streams may not overlap, so a test stream needs its own prefix too. */
  subjectPrefix?: string;
  /** Copies a NATS cluster keeps of a stream this creates (JetStream replicas; 1 on a single server). */
  replicas?: number;
  /** A republished event id inside this window is dropped by the server. */
  duplicateWindowMs?: number;
  /** How long the stream keeps messages; a consumer that falls further behind heals from the event store. */
  maxAgeMs?: number;
  logger?: Logger;
  /** Pause before a message whose handler failed is delivered again. */
  retryDelayMs?: number;
}

const HEADER_POSITION = 'Moncafe-Position';
const HEADER_PREVIOUS = 'Moncafe-Previous-Position';

/** The message body, checked on receipt: the bus is a process boundary. */
const wireMessage = z.object({
  event: z.object({
    eventId: z.string(),
    streamId: z.string(),
    revision: z.number().int().nonnegative(),
    position: z.number().int().positive(),
    type: z.string(),
    data: z.unknown(),
    metadata: z.object({
      correlationId: z.string(),
      causationId: z.string().nullable(),
      actor: z.string(),
      storeId: z.string().nullable(),
      /** The appending span's W3C trace context, when that process traced (decision 646). */
      traceparent: z.string().max(256).optional(),
    }),
    recordedAt: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
  }),
  previousPosition: z.number().int().nonnegative(),
});

function decode(msg: JsMsg): BusMessage {
  const parsed = wireMessage.parse(msg.json());
  return { event: { ...parsed.event, data: parsed.event.data } as RecordedEvent, previousPosition: parsed.previousPosition };
}

const nanos = (ms: number) => ms * 1_000_000;

/**
 * Messages a durable consumer may have delivered and not yet acknowledged: the next batch
 * arrives while one is being applied. A batch delivered again after a failure can then come
 * after later messages; the projection runner skips what its checkpoint has passed and reads
 * a gap from the event store, so order is restored there (docs/decisions/041).
 */
const MAX_ACK_PENDING = 1000;

/**
 * The bus over NATS JetStream. One stream holds every event under `<prefix>.>`; each durable
 * consumer is a pull consumer with explicit acks. Reconnection is left to the client, which
 * retries forever; a consumer whose stream or durable vanished (a server that lost its state)
 * recreates both and carries on, and the projector heals the gap from the event store.
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const streamName = options.streamName ?? 'MONCAFE';
  const prefix = options.subjectPrefix ?? 'cafe';
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3600_000;
  const log = options.logger;
  const nc: NatsConnection = await connect({
    servers: options.url.split(','),
    name: 'moncafe',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  const js: JetStreamClient = jetstream(nc);
  const jsm: JetStreamManager = await jetstreamManager(nc);
  let closed = false;
  const subscriptions = new Set<BusSubscription>();
  // After a reconnect (a restarted server), consumers reopen at once instead of waiting to
  // notice missed heartbeats.
  const onReconnect = new Set<() => void>();
  let up = true;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') up = false;
      if (status.type === 'reconnect') up = true;
      if (status.type === 'reconnect') for (const reopen of [...onReconnect]) reopen();
    }
  })().catch(() => undefined);

  async function ensureStream() {
    try {
      await jsm.streams.info(streamName);
    } catch {
      await jsm.streams.add({
        name: streamName,
        subjects: [`${prefix}.>`],
        duplicate_window: nanos(options.duplicateWindowMs ?? 5 * 60_000),
        max_age: nanos(maxAgeMs),
        num_replicas: options.replicas ?? 1,
      });
    }
  }
  await ensureStream();

  async function ensureConsumer(durableName: string) {
    let info: Awaited<ReturnType<typeof jsm.consumers.info>>;
    try {
      info = await jsm.consumers.info(streamName, durableName);
    } catch {
      await jsm.consumers.add(streamName, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        // A new consumer starts with the next message: its owner reads the past from the event store.
        deliver_policy: DeliverPolicy.New,
        // How long a message whose ack was lost (a server that died meanwhile) waits before it
        // is delivered again; the handlers are short transactions.
        ack_wait: nanos(10_000),
        max_ack_pending: MAX_ACK_PENDING,
        // A consumer no process has pulled from for as long as the stream keeps messages is
        // removed: one named after a set of projectors a release has replaced (decision 146).
        // Its owner, if it comes back, makes it again and reads what it missed from the event store.
        inactive_threshold: nanos(maxAgeMs),
      });
      return;
    }
    // Consumers made before batches held one message in flight.
    if (info.config.max_ack_pending !== MAX_ACK_PENDING) {
      await jsm.consumers.update(streamName, durableName, { max_ack_pending: MAX_ACK_PENDING }).catch((error: unknown) => {
        log?.warn({ err: error, durableName }, 'could not raise max_ack_pending; the consumer goes on with its old setting');
      });
    }
  }

  /** Waits `ms`, or less when `stopped` turns true (checked by the caller after). */
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  /** Runs `open` then drains what it returns, again and again until stopped, so a broken consumer recovers. */
  function supervise(
    what: string,
    stopped: () => boolean,
    open: () => Promise<ConsumerMessages>,
    onMessage: (m: JsMsg) => void | Promise<void>,
    afterReconnect: () => void = () => {},
  ) {
    let current: ConsumerMessages | null = null;
    const reopen = () => {
      afterReconnect();
      void current?.close().catch(() => undefined);
    };
    onReconnect.add(reopen);
    const done = (async () => {
      while (!stopped() && !closed) {
        try {
          current = await open();
          // Stopped while opening: close it and let the loop below drain it (its close only
          // completes once something has iterated to the end).
          if (stopped()) void current.close().catch(() => undefined);
          for await (const m of current) {
            await onMessage(m);
            if (stopped()) break;
          }
        } catch (error) {
          if (stopped() || closed) break;
          log?.warn({ err: error, consumer: what }, 'bus consumer interrupted; reopening');
          await pause(retryDelayMs);
        } finally {
          await current?.close().catch(() => undefined);
          current = null;
        }
      }
    })();
    return {
      stop: async () => {
        onReconnect.delete(reopen);
        await current?.close().catch(() => undefined);
        await done;
      },
    };
  }

  return {
    async publish(event: RecordedEvent, previousPosition: number) {
      const h = headers();
      h.set(HEADER_POSITION, String(event.position));
      h.set(HEADER_PREVIOUS, String(previousPosition));
      const body = JSON.stringify({ event, previousPosition });
      try {
        await js.publish(subjectOf(event, prefix), body, { msgID: event.eventId, headers: h, timeout: 5000 });
      } catch (error) {
        // The stream may be gone (a server that restarted without its state): create it, let the caller retry.
        await ensureStream().catch(() => undefined);
        throw error;
      }
    },

    async consume(durableName: string, handler: BusHandler, consumeOptions: ConsumeOptions = {}): Promise<BusSubscription> {
      const maxBatch = consumeOptions.maxBatch ?? DEFAULT_MAX_BATCH;
      await ensureConsumer(durableName);
      let stopped = false;
      // An ack written to a connection that was dying is lost, and the server would hold the
      // message back until ack_wait: ack the last one again (acks are idempotent) as soon as the
      // connection is back.
      let lastAcked: JsMsg | null = null;
      // Messages arrive while a batch is being handled (up to max_ack_pending in flight); the
      // next batch is everything that arrived meanwhile.
      const queue: JsMsg[] = [];
      let wakeWorker: (() => void) | null = null;
      const runner = supervise(
        durableName,
        () => stopped,
        async () => {
          await ensureStream();
          await ensureConsumer(durableName);
          const consumer = await js.consumers.get(streamName, durableName);
          // Short pulls: heartbeats every 2.5 s notice a silent server sooner.
          return consumer.consume({ max_messages: MAX_ACK_PENDING, expires: 5000, abort_on_missing_resource: true });
        },
        (m) => {
          queue.push(m);
          wakeWorker?.();
        },
        () => lastAcked?.ack(),
      );

      async function handle(batch: JsMsg[]) {
        const messages: BusMessage[] = [];
        const decoded: JsMsg[] = [];
        for (const m of batch) {
          try {
            messages.push(decode(m));
            decoded.push(m);
          } catch (error) {
            // Nothing can ever apply a malformed message: log it and let it go.
            log?.error({ err: error, subject: m.subject, seq: m.seq }, 'dropping a malformed bus message');
            m.term();
          }
        }
        if (messages.length === 0) return;
        try {
          await handler(messages);
          for (const m of decoded) m.ack();
          lastAcked = decoded.at(-1) ?? lastAcked;
        } catch (error) {
          log?.warn({ err: error, durableName, position: messages[0]!.event.position, count: messages.length }, 'bus handler failed; delivering again');
          for (const m of decoded) m.nak(retryDelayMs);
        }
      }

      const worker = (async () => {
        while (!stopped && !closed) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => (wakeWorker = resolve));
            wakeWorker = null;
            // Messages that came in one read of the socket reach the queue one by one: let them
            // all arrive before taking the batch.
            await new Promise((resolve) => setImmediate(resolve));
            continue;
          }
          await handle(queue.splice(0, maxBatch));
        }
      })();

      const subscription: BusSubscription = {
        async close() {
          stopped = true;
          subscriptions.delete(subscription);
          wakeWorker?.();
          await runner.stop();
          await worker;
          // Delivered but not handled: handed back, so whoever consumes next gets them at once.
          for (const m of queue.splice(0)) m.nak();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async follow(listener: BusListener): Promise<BusSubscription> {
      let stopped = false;
      // The stream sequence of the last message delivered: a follower reopened after a reconnect
      // (decision 199: the old one stalled until its heartbeats noticed, ~40 s) resumes
      // right after it, so live screens miss nothing and see nothing twice.
      let lastSeq = (await jsm.streams.info(streamName)).state.last_seq;
      const runner = supervise(
        'live follower',
        () => stopped,
        async () => {
          // A server that came back without its state numbers from 1 again: follow from now.
          const head = (await jsm.streams.info(streamName).catch(() => null))?.state.last_seq ?? 0;
          if (head < lastSeq) lastSeq = head;
          const consumer = await js.consumers.get(streamName, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: lastSeq + 1 });
          // Short pulls, as the durable consumers': heartbeats every 2.5 s notice a consumer whose
          // node died (the stream leader killed) in seconds rather than half a minute.
          return consumer.consume({ max_messages: 256, expires: 5000 });
        },
        (m) => {
          if (m.seq <= lastSeq) return;
          lastSeq = m.seq;
          try {
            listener(decode(m));
          } catch (error) {
            log?.warn({ err: error, subject: m.subject }, 'bus listener failed');
          }
        },
      );
      const subscription: BusSubscription = {
        async close() {
          stopped = true;
          subscriptions.delete(subscription);
          await runner.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    connected: () => up && !closed && !nc.isClosed(),

    async close() {
      for (const s of [...subscriptions]) await s.close();
      closed = true;
      await nc.drain().catch(() => nc.close());
    },
  };
}

/** Deletes a stream (tests clean up after themselves). */
export async function deleteNatsStream(url: string, streamName: string): Promise<void> {
  const nc = await connect({ servers: url.split(',') });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName).catch(() => false);
  } finally {
    await nc.close();
  }
}
