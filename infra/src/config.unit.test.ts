import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('takes a NATS cluster as several URLs separated by commas, and the stream replicas (decision 380)', () => {
    const config = loadConfig({ NATS_URL: 'nats://a:4222,nats://b:4222,nats://c:4222', NATS_STREAM_REPLICAS: '3' });
    expect(config).toMatchObject({ natsUrl: 'nats://a:4222,nats://b:4222,nats://c:4222', natsStreamReplicas: 3 });
    expect(loadConfig({}).natsStreamReplicas).toBe(1);
    expect(() => loadConfig({ NATS_URL: 'nats://a:4222,http://b' })).toThrow(/NATS_URL/);
    expect(() => loadConfig({ NATS_STREAM_REPLICAS: '7' })).toThrow(/NATS_STREAM_REPLICAS/);
  });

  it('runs embedded with demo data when no service is configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, natsUrl: undefined, smtpUrl: undefined, demoData: true, runProjections: true });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns demo data off by default on a real database, and honours DEMO_DATA', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cafe' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cafe', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('sends staff notification mails where the projectors run, or in the one web process RUN_NOTIFICATIONS names', () => {
    expect(loadConfig({}).runNotifications).toBe(true);
    expect(loadConfig({ RUN_PROJECTIONS: '0' }).runNotifications).toBe(false);
    expect(loadConfig({ RUN_PROJECTIONS: '0', RUN_NOTIFICATIONS: '1' }).runNotifications).toBe(true);
    expect(loadConfig({ RUN_NOTIFICATIONS: '0' }).runNotifications).toBe(false);
  });

  it('listens on this machine only unless HOST says otherwise; production listens on every interface (finding 8)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), SECRETS_KEY: 'k'.repeat(32) }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy unless TRUST_PROXY names them, and never every sender', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });

  it('logs readable lines in development and JSON in production and tests, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), SECRETS_KEY: 'k'.repeat(32) }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/cafe' }],
    ['NATS_URL', { NATS_URL: 'not a url' }],
    ['EVENTSTORE_URL', { EVENTSTORE_URL: 'http://esdb:2113' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['DEMO_DATA', { DEMO_DATA: 'maybe' }],
    ['SESSION_SECRET', { NODE_ENV: 'production' }],
    ['SECRETS_KEY', { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }],
    ['SECRETS_KEY', { SECRETS_KEY: 'short' }],
  ])('refuses a bad %s, naming it', (variable, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toMatch(new RegExp(`^configuration error: ${variable} `));
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('reads SESSION_SECRET and SECRETS_KEY as comma-separated lists, newest first, each at least 32 characters (decision 178)', () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(40);
    expect(loadConfig({ SESSION_SECRET: a }).sessionSecrets).toEqual([a]);
    expect(loadConfig({ SESSION_SECRET: `${b}, ${a}`, SECRETS_KEY: `${a},${b}` })).toMatchObject({ sessionSecrets: [b, a], secretsKeys: [a, b] });
    expect(() => loadConfig({ SESSION_SECRET: `${b},short` })).toThrow('configuration error: SESSION_SECRET must be at least 32 characters');
    expect(() => loadConfig({ SECRETS_KEY: ' , ' })).toThrow(ConfigError);
  });

  it('bounds start and stop, and keeps /metrics to loopback unless METRICS_TOKEN is set', () => {
    expect(loadConfig({})).toMatchObject({ startTimeoutMs: 60_000, shutdownTimeoutMs: 8_000, readyMaxLagSeconds: 30, metricsToken: undefined });
    expect(loadConfig({ START_TIMEOUT_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '0.5' })).toMatchObject({ startTimeoutMs: 5000, shutdownTimeoutMs: 500 });
    // The drain waits for a balancer only where one is (decision 550).
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), SECRETS_KEY: 'k'.repeat(32) };
    expect([loadConfig({}).shutdownDrainMs, loadConfig(production).shutdownDrainMs]).toEqual([0, 10_000]);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '2.5' }).shutdownDrainMs).toBe(2500);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('configuration error: METRICS_TOKEN must be at least 16 characters');
  });
  it('starts a test process on the clock TEST_CLOCK_START names, and refuses it in production and development', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2026-12-09T12:00:00+09:00' }).testClockStart?.toISOString()).toBe('2026-12-09T03:00:00.000Z');
    expect(loadConfig({ NODE_ENV: 'test' }).testClockStart).toBeNull();
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), SECRETS_KEY: 'k'.repeat(32), TEST_CLOCK_START: '2026-12-09T12:00:00+09:00' };
    expect(() => loadConfig(production)).toThrow('configuration error: TEST_CLOCK_START is only for tests (NODE_ENV=test)');
    expect(() => loadConfig({ TEST_CLOCK_START: '2026-12-09T12:00:00+09:00' })).toThrow('configuration error: TEST_CLOCK_START is only for tests');
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: 'next tuesday' })).toThrow(ConfigError);
  });
});
