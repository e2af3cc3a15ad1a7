import { z } from 'zod';

/** `1`/`true`/`yes` and `0`/`false`/`no`, as people write them in environment files. */
const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

/** One secret, or several separated by commas (the first signs or seals; the rest are still accepted). */
const secretList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((s) => s.length >= 32), 'must be at least 32 characters (each, when several are separated by commas)');

const url = (protocols: readonly string[]) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol.replace(':', '')), {
    message: `must be a ${protocols.join(' or ')} URL`,
  });

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 (only this machine) outside production, all interfaces in production. */
  HOST: z.string().min(1).optional(),
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For, X-Forwarded-Proto): a hop
   * count (`1`) or addresses and express's names (`loopback`, `10.0.0.0/8, uniquelocal`). Unset:
   * none, the socket's peer is the client. Per-address limits need it behind a proxy.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9A-Za-z.:/,\s]+$/, 'must be a hop count or proxy addresses')
    .refine((v) => !/^\s*(true|yes)\s*$/i.test(v), 'must name the proxies (trusting every sender lets anyone pick their address)')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  EVENTSTORE_URL: url(['kurrentdb', 'esdb', 'kurrentdb+discover', 'esdb+discover']).optional(),
  /** One server, or a cluster's servers separated by commas (`nats://a:4222,nats://b:4222`): the client moves to another when one goes. */
  NATS_URL: z
    .string()
    .refine((v) => v.split(',').every((one) => URL.canParse(one) && ['nats', 'tls'].includes(new URL(one).protocol.replace(':', ''))), {
      message: 'must be a nats or tls URL, or several separated by commas',
    })
    .optional(),
  /** Copies of the event stream a NATS cluster keeps (JetStream replicas): 3 on a three-node cluster, so a node may fail; 1 on one server. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('MONCAFE'),
  /** First subject token; two deployments (or test runs) sharing one NATS need different ones. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('cafe'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('MonCafe <no-reply@moncafe.local>'),
  PUBLIC_URL: z.url().optional(),
  /**
   * Tests only: the instant this process's clock starts at (ISO 8601 with an offset), running on
   * from there in real time, so a test server's day and hour never depend on when the suite runs
   * (decision 585). Refused unless NODE_ENV=test.
   */
  TEST_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Comma-separated: new sessions are signed with the first, the others are still accepted (rotation, decision 178). */
  SESSION_SECRET: secretList.optional(),
  /** Seals secrets kept for staff (suppliers' passwords); unset outside production: a key file in DATA_DIR. Comma-separated like SESSION_SECRET. */
  SECRETS_KEY: secretList.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  DEMO_DATA: flag.optional(),
  /** The web process runs the relay and projectors unless a separate worker does. */
  RUN_PROJECTIONS: flag.default(true),
  /** Staff notification mails are sent by exactly one process (decision 132); unset: where the projectors run. */
  RUN_NOTIFICATIONS: flag.optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default('LINE'),
  /**
   * Whether a process migrates the database at its start; unset: not in production on a
   * PostgreSQL server, where `npm run migrate` runs once per deploy (decision 555), yes otherwise.
   */
  MIGRATE_ON_START: flag.optional(),
  /** How long a start keeps trying a PostgreSQL or NATS that is not up yet (decision 179). */
  START_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * How long a stopping process keeps accepting and answering after /readyz turned 503, so a
   * balancer stops sending before the port closes; unset: 10 in production, 0 otherwise (decision 550).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).optional(),
  /** How long a stop may take after the drain (in-flight requests, the projector batch, pools); past it the process exits 1 (decisions 175, 550). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(8),
  /** /readyz answers 503 while a projector is further behind the store than this (decision 176). */
  READY_MAX_LAG_SECONDS: z.coerce.number().min(1).default(30),
  /** A client must send a request's headers within this; a slow one is cut (decision 196). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(20),
  /** Open connections one client address may hold at once; more are cut. Trusted proxies (TRUST_PROXY) are exempt. */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(128),
  /** The worker answers /healthz, /readyz and /metrics on this port (on HOST); unset: it listens on none. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The web process also answers /healthz and /readyz on this port (on HOST), from a thread of its own; unset: on none (decision 600). */
  PROBE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Lets a scraper outside this machine read /metrics (`Authorization: Bearer …`); loopback needs none (decision 177). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json`; unset: pretty in development, JSON in production and tests. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * An OTLP/HTTP collector (`http://collector:4318`): traces of requests, appends, the relay, the
   * projectors and /live go there (decision 646). Unset: no tracing, and its SDK is never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http', 'https']).optional(),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`configuration error: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start. A bad value stops the start with one line naming
 * the variable; everything else reads this object, never `process.env`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue?.path[0] ?? 'environment'), issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production');
  if (e.NODE_ENV === 'production' && !e.SECRETS_KEY) throw new ConfigError('SECRETS_KEY', 'is required when NODE_ENV=production');
  if (e.TEST_CLOCK_START && e.NODE_ENV !== 'test') throw new ConfigError('TEST_CLOCK_START', 'is only for tests (NODE_ENV=test)');
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
  return toConfig(e);
}

function toConfig(e: z.infer<typeof environment>) {
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: e.TRUST_PROXY === undefined ? false : /^\d+$/.test(e.TRUST_PROXY.trim()) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    natsUrl: e.NATS_URL,
    natsStream: e.NATS_STREAM,
    natsSubjectPrefix: e.NATS_SUBJECT_PREFIX,
    natsStreamReplicas: e.NATS_STREAM_REPLICAS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** Newest first: the first signs, every one verifies. */
    sessionSecrets: e.SESSION_SECRET,
    /** Newest first: the first seals, every one opens. */
    secretsKeys: e.SECRETS_KEY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    /** Demo data is on by default only when running embedded. */
    demoData: e.DEMO_DATA ?? embedded,
    runProjections: e.RUN_PROJECTIONS,
    runNotifications: e.RUN_NOTIFICATIONS ?? e.RUN_PROJECTIONS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME } : null,
    migrateOnStart: e.MIGRATE_ON_START ?? !(e.NODE_ENV === 'production' && e.DATABASE_URL),
    startTimeoutMs: e.START_TIMEOUT_SECONDS * 1000,
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 10 : 0)) * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    readyMaxLagSeconds: e.READY_MAX_LAG_SECONDS,
    httpHeadersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    httpMaxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    metricsToken: e.METRICS_TOKEN,
    workerPort: e.WORKER_PORT,
    probePort: e.PROBE_PORT,
    logLevel: e.LOG_LEVEL,
    /** Tests only (NODE_ENV=test): where this process's clock starts; null runs on the system's. */
    testClockStart: e.TEST_CLOCK_START ? new Date(e.TEST_CLOCK_START) : null,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? ('pretty' as const) : ('json' as const)),
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
  };
}
