import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builtCommands, dockerfileReceiptFont, productionCommand, productionSteps, repoRoot, runtimeFiles, workspaces } from '../support/production';

/**
 * No container engine runs on these machines, so the image is never built here. What keeps the
 * Dockerfile honest is that its steps are the ones tests/http/production-start.int.test.ts runs
 * in a fresh copy (both read tests/support/production.ts), and compose.yaml starts the same
 * commands. Decision 173.
 */
interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions per stage (comments dropped, continued lines joined). */
function stages(): Map<string, Instruction[]> {
  const text = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const result = new Map<string, Instruction[]>();
  let current: Instruction[] | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(args)?.[1] ?? `stage${result.size}`;
      current = [];
      result.set(name, current);
    }
    current?.push({ keyword, args });
  }
  return result;
}

const runs = (stage: Instruction[]) => stage.filter((i) => i.keyword === 'RUN').map((i) => i.args);
const baseImage = () => /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))?.[1];

describe('the Dockerfile', () => {
  const dockerfile = stages();
  const build = dockerfile.get('build') ?? [];
  const runtime = dockerfile.get('runtime') ?? [];

  it('has a build stage and a runtime stage, both on a Node 24 slim base', () => {
    expect([...dockerfile.keys()]).toEqual(['build', 'runtime']);
    expect(baseImage()).toMatch(/^node:24(\.\d+)*-(\w+-)?slim$/);
    for (const stage of [build, runtime]) expect(stage[0]).toEqual({ keyword: 'FROM', args: expect.stringMatching(/^\$\{NODE_IMAGE\} AS /) });
  });

  it('builds with exactly the production-start test’s build steps, after copying every manifest npm ci needs', () => {
    expect(runs(build)).toEqual(productionSteps.build);
    const copied = build.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/)[0]);
    expect(copied).toEqual(['package.json', ...workspaces().map((w) => `${w}/package.json`), '.']);
  });

  it('runs only the production install in the runtime stage, from the manifests, then takes just what the build made', () => {
    expect(runs(runtime).filter((r) => r.startsWith('npm'))).toEqual([productionSteps.install]);
    const fromBuild = runtime
      .filter((i) => i.keyword === 'COPY')
      .map((i) => i.args.split(/\s+/))
      .map((words) => {
        expect(words[0]).toBe('--from=build');
        return words.slice(1, -1).map((source) => path.posix.relative('/app', source));
      });
    const { manifests, built } = runtimeFiles();
    expect(fromBuild.flat()).toEqual([...manifests, ...built]);
    const install = runtime.findIndex((i) => i.args === productionSteps.install);
    const firstBuilt = runtime.findIndex((i) => i.args.includes(built[0]!));
    expect(install).toBeGreaterThan(0);
    expect(firstBuilt).toBeGreaterThan(install);
  });

  it('installs the Japanese font the receipt PDF needs and names it where the receipt module looks', () => {
    expect(runs(runtime).some((r) => /apt-get install .*\bfonts-noto-cjk\b/.test(r))).toBe(true);
    const receiptModule = readFileSync(path.join(repoRoot, 'apps/web/app/billing/receipt-pdf.server.ts'), 'utf8');
    expect(receiptModule).toContain('process.env.RECEIPT_FONT');
    // Debian's package puts the collection there; the module's default is the same file.
    expect(dockerfileReceiptFont()).toBe('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
    expect(receiptModule).toContain(`'${dockerfileReceiptFont()}'`);
  });

  it('builds every maintenance command, and package.json runs each built one with plain node', () => {
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const bundler = readFileSync(path.join(repoRoot, 'apps/web/bundle-processes.ts'), 'utf8');
    for (const command of builtCommands) {
      expect(bundler, command).toContain(`'${command}'`);
      const built = Object.entries(scripts).filter(([name, line]) => name.endsWith(':prod') && line.includes(`apps/worker/build/${command}.js`));
      expect(built.length, command).toBeGreaterThan(0);
      for (const [, line] of built) expect(line).not.toMatch(/tsx/);
    }
  });

  it('starts `npm run start:prod`’s command as an unprivileged user, and checks /healthz', () => {
    const cmd = runtime.filter((i) => i.keyword === 'CMD').at(-1);
    expect(JSON.parse(cmd!.args)).toEqual(productionCommand('start:prod'));
    const user = runtime.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime.findIndex((i) => i.keyword === 'USER')).toBeLessThan(runtime.findIndex((i) => i.keyword === 'CMD'));
    const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
    expect(healthcheck).toMatch(/\/healthz/);
    expect(runtime.find((i) => i.keyword === 'ENV')?.args).toMatch(/\bNODE_ENV=production\b/);
  });
});

describe('compose.yaml', () => {
  interface Service {
    build?: string;
    image?: string;
    command?: string[];
    environment?: Record<string, string>;
    profiles?: string[];
    volumes?: string[];
    depends_on?: Record<string, { condition: string }>;
  }
  const compose = parse(readFileSync(path.join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const services = Object.entries(compose.services);
  const ours = services.filter(([, s]) => s.build === '.');

  it('runs the README’s multi-process example: two web processes without projectors, one sending notifications, and the worker', () => {
    const webs = ours.filter(([, s]) => s.command === undefined);
    expect(webs).toHaveLength(2);
    for (const [, web] of webs) expect(web.environment?.RUN_PROJECTIONS).toBe('0');
    expect(webs.filter(([, web]) => web.environment?.RUN_NOTIFICATIONS === '1')).toHaveLength(1);
    const others = ours.filter(([, s]) => s.command !== undefined);
    // The worker, and the deploy's one migration run that every process waits for (decision 555).
    expect(others.map(([, s]) => s.command)).toEqual([productionCommand('migrate:prod'), productionCommand('worker:prod')]);
    for (const [name, service] of ours)
      if (name !== 'migrate') expect(service.depends_on?.migrate, name).toEqual({ condition: 'service_completed_successfully' });
    for (const [, service] of ours) {
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment?.NATS_URL).toBe('nats://nats:4222');
      expect(service.environment?.NODE_ENV).toBe('production');
    }
  });

  it('has PostgreSQL, NATS with JetStream on a data volume, and KurrentDB only under a profile', () => {
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    const nats = compose.services.nats!;
    expect(nats.command).toContain('-js');
    const storeDir = nats.command![nats.command!.indexOf('-sd') + 1];
    expect(nats.volumes?.some((volume) => volume.endsWith(`:${storeDir}`) && volume.split(':')[0]! in compose.volumes)).toBe(true);
    expect(compose.services.kurrentdb?.profiles).toEqual(['kurrentdb']);
    expect(services.filter(([, s]) => s.profiles === undefined).map(([name]) => name)).not.toContain('kurrentdb');
  });

  it('ships the PostgreSQL and NATS versions the tests run on', () => {
    // The throwaway clusters of the operations and fault suites use the machine's PostgreSQL binaries.
    const testedPostgres = /postgresql\/(\d+)\/bin/.exec(readFileSync(path.join(repoRoot, 'tests/operations/throwaway-postgres.ts'), 'utf8'))?.[1];
    expect(testedPostgres).toBeDefined();
    expect(compose.services.postgres?.image).toBe(`postgres:${testedPostgres}`);
    expect(compose.services.nats?.image).toMatch(/^nats:2\.9(\.|$)/);
    let testedNats: string | undefined;
    try {
      testedNats = /v(\d+\.\d+)\./.exec(execFileSync('nats-server', ['--version'], { encoding: 'utf8' }))?.[1];
    } catch {
      // No NATS server on this machine: the pinned 2.9 above is what CI's runs on.
    }
    if (testedNats) expect(compose.services.nats?.image).toBe(`nats:${testedNats}`);
  });

  it('puts a TLS proxy in front of every web process, publishes no web port, and keeps the data folder on a volume', () => {
    const proxy = compose.services.proxy as Service & { ports?: string[] };
    expect(proxy.image).toMatch(/^caddy:\d/);
    expect(proxy.ports).toEqual(expect.arrayContaining(['443:443']));
    const caddyfileMount = proxy.volumes?.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    const caddyfile = readFileSync(path.join(repoRoot, caddyfileMount!.split(':')[0]!), 'utf8');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    const webs = ours.filter(([, s]) => s.command === undefined);
    expect(upstreams?.sort()).toEqual(webs.map(([name, s]) => `${name}:${s.environment?.PORT}`).sort());
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    for (const [name, web] of webs) {
      expect((web as { ports?: unknown }).ports, name).toBeUndefined();
      expect(web.environment?.TRUST_PROXY, name).toBe('1');
    }
    const dataDir = /DATA_DIR=(\S+)/.exec(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'))?.[1];
    for (const [name, service] of ours.filter(([n]) => n !== 'migrate'))
      expect(
        service.volumes?.some((v) => v.endsWith(`:${dataDir}`) && v.split(':')[0]! in compose.volumes),
        name,
      ).toBe(true);
  });
});
