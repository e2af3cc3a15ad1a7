import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { repoRoot } from '../support/production';

/**
 * deploy/kubernetes (decision 656): no cluster runs here, so the production overlay is rendered
 * with `kubectl kustomize`, every object is checked against the Kubernetes schemas of
 * kubernetes-models 5.1.0 (Kubernetes 1.34's API: its resource.k8s.io/v1 is 1.34's), the
 * ServiceMonitor (a CRD those schemas lack) by hand, and the wiring between objects and the code
 * is checked by `problems`. The second test breaks one thing at a time to show each check fails.
 */
/**
 * Rendered YAML, read field by field: the schemas check its shape first, so the walk below goes
 * through it untyped rather than restating every Kubernetes type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Loose = any;
type Obj = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: Loose; data?: Loose; stringData?: Loose };

const overlay = path.join(repoRoot, 'deploy/kubernetes/overlays/production');

function render(): string | null {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

const rendered = render();
if (rendered === null) {
  const reason = 'kubectl is not installed: the Kubernetes manifests are not rendered';
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason} (REQUIRE_SERVICES=1)`);
  console.warn(`skipped: ${reason}`);
}

const parseObjects = (text: string): Obj[] => parseAllDocuments(text).map((d) => d.toJS() as Obj);
const secretTemplate = parse(readFileSync(path.join(repoRoot, 'deploy/kubernetes/secret.template.yaml'), 'utf8')) as Obj;
const source = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

const schemas: Record<string, new (data: Loose) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** What each process needs to start in production (infra/src/config.ts refuses it otherwise). */
const needed = ['NODE_ENV', 'DATABASE_URL', 'NATS_URL', 'SESSION_SECRET', 'SECRETS_KEY'];
/** The code that answers the probes: the web's probe thread and the worker's probe server. */
const probeCode = { web: 'infra/src/operations/probe-thread.ts', worker: 'infra/src/operations/probe-server.ts' };

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const matchesExpressions = (sel: Loose, labels: Record<string, string>) =>
  matches(sel.matchLabels ?? {}, labels) && (sel.matchExpressions ?? []).every((e: Loose) => (e.operator === 'In' ? e.values.includes(labels[e.key]) : true));

function envOf(container: Loose): Map<string, Loose> {
  return new Map((container.env ?? []).map((e: Loose) => [e.name, e]));
}
const valueOf = (env: Map<string, Loose>, name: string): string | undefined => env.get(name)?.value;

/** Every broken link between the objects, the Secret template and the code; empty when all hold. */
function problems(objects: Obj[], secret: Obj): string[] {
  const out: string[] = [];
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const workloads = [...byKind('Deployment'), ...byKind('Job')];
  const pods = workloads.map((w) => ({ owner: w, labels: w.spec.template.metadata.labels as Record<string, string>, spec: w.spec.template.spec }));
  const secretKeys = new Set(Object.keys({ ...secret.stringData, ...secret.data }));
  const configMaps = byKind('ConfigMap');

  for (const o of [...objects, secret]) {
    if (o.kind === 'ServiceMonitor') continue;
    const Model = schemas[`${o.apiVersion}/${o.kind}`];
    if (!Model) out.push(`${o.kind} ${o.metadata.name}: no schema for ${o.apiVersion}`);
    else
      try {
        new Model(o).validate();
      } catch (error) {
        out.push(`${o.kind} ${o.metadata.name}: schema: ${(error as Error).message}`);
      }
  }

  const notifiers: string[] = [];
  for (const { owner, spec } of pods) {
    const name = `${owner.kind} ${owner.metadata.name}`;
    if (spec.securityContext?.runAsNonRoot !== true || spec.securityContext?.runAsUser !== 1000) out.push(`${name}: not non-root uid 1000`);
    for (const c of spec.containers) {
      const env = envOf(c);
      for (const n of needed) if (!env.has(n)) out.push(`${name}: ${c.name} lacks ${n}`);
      if (valueOf(env, 'NODE_ENV') !== 'production') out.push(`${name}: NODE_ENV is not production`);
      if (owner.kind === 'Deployment' && valueOf(env, 'MIGRATE_ON_START') !== '0') out.push(`${name}: MIGRATE_ON_START is not 0`);
      if (!c.resources?.requests) out.push(`${name}: no resource requests`);
      for (const e of env.values()) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && (ref.name !== secret.metadata.name || !secretKeys.has(ref.key))) out.push(`${name}: ${e.name} names no key of the Secret`);
        const cm = e.valueFrom?.configMapKeyRef;
        if (cm && !configMaps.some((m) => m.metadata.name === cm.name && cm.key in (m.data ?? {}))) out.push(`${name}: ${e.name} names no key of a ConfigMap`);
      }
      const command = (c.command ?? []).join(' ');
      if (owner.kind === 'Job' && command !== 'node apps/worker/build/migrate.js') out.push(`${name}: does not run migrate.js`);
      if (owner.kind === 'Deployment') {
        const role = command === 'node apps/web/build/process/server.js' ? 'web' : command === 'node apps/worker/build/main.js' ? 'worker' : null;
        if (!role) {
          out.push(`${name}: runs neither the web process nor the worker`);
          continue;
        }
        if (role === 'web' && valueOf(env, 'RUN_PROJECTIONS') !== '0') out.push(`${name}: runs projections beside the worker`);
        if (role === 'web' && valueOf(env, 'RUN_NOTIFICATIONS') === '1')
          notifiers.push(`${owner.metadata.name}×${owner.spec.replicas ?? 'autoscaled'}/${owner.spec.strategy?.type}`);
        const port = Number(valueOf(env, role === 'web' ? 'PROBE_PORT' : 'WORKER_PORT'));
        for (const [probe, want] of [
          ['readinessProbe', '/readyz'],
          ['livenessProbe', '/healthz'],
        ] as const) {
          const get = c[probe]?.httpGet;
          if (get?.path !== want) out.push(`${name}: ${probe} is not ${want}`);
          if (!source(probeCode[role]).includes(`'${want}'`)) out.push(`${name}: ${probeCode[role]} does not answer ${want}`);
          if (get?.port !== port) out.push(`${name}: ${probe} port ${get?.port} is not the process's probe port ${port}`);
        }
        const sleep = c.lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? Number(c.lifecycle.preStop.exec.command[1]) : 0;
        const drain = Number(valueOf(env, 'SHUTDOWN_DRAIN_SECONDS') ?? 10);
        const timeout = Number(valueOf(env, 'SHUTDOWN_TIMEOUT_SECONDS') ?? 8);
        if (!(spec.terminationGracePeriodSeconds > sleep + drain + timeout))
          out.push(`${name}: grace ${spec.terminationGracePeriodSeconds} s is not above preStop ${sleep} + drain ${drain} + timeout ${timeout}`);
        if (role === 'web' && owner.metadata.labels?.['app.kubernetes.io/component'] === 'web' && sleep < 1) out.push(`${name}: no preStop sleep to drain`);
      }
    }
  }
  if (notifiers.length !== 1 || notifiers[0] !== 'moncafe-notifications×1/Recreate')
    out.push(`notifications are sent by ${notifiers.join(', ') || 'nobody'}, not by exactly one pod`);

  const web = byKind('Deployment').find((d) => d.metadata.name === 'moncafe-web');
  const webLabels = web?.spec.template.metadata.labels;
  if (!web) out.push('no web Deployment');
  if (web?.spec.replicas !== undefined) out.push('the web Deployment names replicas: the HPA owns them');

  for (const svc of byKind('Service')) {
    const backends = pods.filter((p) => matches(svc.spec.selector, p.labels));
    if (!backends.length) out.push(`Service ${svc.metadata.name} selects no pod`);
    for (const port of svc.spec.ports)
      for (const b of backends) {
        const c = b.spec.containers[0];
        if (!c.ports?.some((p: Loose) => p.containerPort === port.targetPort))
          out.push(`Service ${svc.metadata.name}: targetPort ${port.targetPort} is no container port`);
        const env = envOf(c);
        const own = Number(valueOf(env, 'PORT') ?? valueOf(env, 'WORKER_PORT'));
        if (own !== port.targetPort) out.push(`Service ${svc.metadata.name}: targetPort ${port.targetPort} is not the process's port ${own}`);
      }
  }

  const hpas = byKind('HorizontalPodAutoscaler');
  if (hpas.length !== 1) out.push('not one HPA');
  for (const hpa of hpas) {
    const target = hpa.spec.scaleTargetRef;
    if (target.kind !== 'Deployment' || target.name !== web?.metadata.name) out.push(`HPA scales ${target.kind} ${target.name}, not the web Deployment`);
    if (!(hpa.spec.minReplicas >= 2)) out.push('HPA lets the web go below 2 pods');
    const kinds = hpa.spec.metrics.map((m: Loose) => (m.type === 'Pods' ? m.pods.metric.name : m.resource?.name));
    if (!kinds.includes('cpu') || !kinds.includes('moncafe_http_requests_per_second')) out.push(`HPA metrics are ${kinds.join(', ')}`);
  }

  for (const pdb of byKind('PodDisruptionBudget'))
    if (!pods.some((p) => p.owner.kind === 'Deployment' && matches(pdb.spec.selector.matchLabels, p.labels)))
      out.push(`PDB ${pdb.metadata.name} covers no pod`);
  if (!byKind('PodDisruptionBudget').some((p) => matches(p.spec.selector.matchLabels, webLabels))) out.push('no PDB covers the web pods');

  for (const np of byKind('NetworkPolicy')) {
    if (!pods.some((p) => matchesExpressions(np.spec.podSelector, p.labels))) out.push(`NetworkPolicy ${np.metadata.name} selects no pod`);
    for (const rule of np.spec.ingress ?? [])
      for (const from of rule.from ?? []) {
        const ns = from.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
        if (!['ingress-nginx', 'monitoring'].includes(ns)) out.push(`NetworkPolicy ${np.metadata.name} lets in ${JSON.stringify(from)}`);
      }
  }
  const webIngress = byKind('NetworkPolicy').find((np) => np.spec.ingress && matchesExpressions(np.spec.podSelector, webLabels ?? {}));
  if (
    !webIngress?.spec.ingress.some((r: Loose) =>
      r.from.some((f: Loose) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx'),
    )
  )
    out.push('the ingress controller cannot reach the web pods');
  const egressPorts = byKind('NetworkPolicy')
    .filter((np) => matches(np.spec.podSelector.matchLabels, { 'app.kubernetes.io/name': 'moncafe' }))
    .flatMap((np) => (np.spec.egress ?? []).flatMap((r: Loose) => r.ports.map((p: Loose) => p.port)));
  for (const port of [53, 5432, 4222]) if (!egressPorts.includes(port)) out.push(`no egress to port ${port}`);
  if (!byKind('NetworkPolicy').some((np) => np.spec.policyTypes.includes('Ingress') && !np.spec.ingress)) out.push('no default deny');

  for (const ing of byKind('Ingress')) {
    const host = ing.spec.rules[0].host;
    if (!ing.spec.tls?.some((t: Loose) => t.hosts.includes(host))) out.push(`Ingress ${host} has no TLS`);
    const backend = ing.spec.rules[0].http.paths[0].backend.service;
    const svc = byKind('Service').find((s) => s.metadata.name === backend.name);
    if (!svc?.spec.ports.some((p: Loose) => p.name === backend.port.name)) out.push(`Ingress backend ${backend.name}:${backend.port.name} is no Service port`);
    const url = configMaps.find((m) => m.metadata.name === 'moncafe-site')?.data?.PUBLIC_URL;
    if (url !== `https://${host}`) out.push(`PUBLIC_URL ${url} is not the Ingress's https://${host}`);
  }

  const monitors = byKind('ServiceMonitor');
  if (monitors.length !== 1) out.push('not one ServiceMonitor');
  for (const sm of monitors) {
    if (sm.apiVersion !== 'monitoring.coreos.com/v1') out.push(`ServiceMonitor apiVersion ${sm.apiVersion}`);
    const services = byKind('Service').filter((s) => matches(sm.spec.selector?.matchLabels, s.metadata.labels));
    if (!services.length) out.push('ServiceMonitor selects no Service');
    for (const ep of sm.spec.endpoints ?? []) {
      if (typeof ep.port !== 'string' || !services.some((s) => s.spec.ports.some((p: Loose) => p.name === ep.port)))
        out.push(`ServiceMonitor port ${ep.port} is on no Service`);
      if (ep.path !== '/metrics') out.push(`ServiceMonitor path ${ep.path}`);
      const token = ep.bearerTokenSecret;
      if (token?.name !== secret.metadata.name || !secretKeys.has(token?.key)) out.push('ServiceMonitor sends no METRICS_TOKEN');
    }
  }
  return out;
}

describe.skipIf(rendered === null)('the Kubernetes manifests (production overlay)', () => {
  const objects = parseObjects(rendered ?? '');

  it('render, fit the Kubernetes schemas and are wired to each other and to the code', () => {
    expect(objects.map((o) => o.kind).sort()).toContain('ServiceMonitor');
    expect(objects.filter((o) => (o.metadata as { namespace?: string }).namespace !== 'moncafe')).toEqual([]);
    expect(problems(objects, secretTemplate)).toEqual([]);
  });

  it('the request-rate metric the HPA scales on is the adapter’s rule over a histogram the code keeps', () => {
    expect(source('infra/src/operations/metrics.ts')).toContain("'moncafe_http_request_duration_seconds'");
    const readme = source('deploy/kubernetes/README.md');
    expect(readme).toContain('moncafe_http_request_duration_seconds_count');
    expect(readme).toContain('moncafe_http_requests_per_second');
  });

  const find = (list: Obj[], kind: string, name: string) => list.find((o) => o.kind === kind && o.metadata.name === name)!;
  const container = (list: Obj[], name: string) => find(list, name === 'moncafe-migrate' ? 'Job' : 'Deployment', name).spec.template.spec.containers[0];
  const breakages: [string, (list: Obj[], secret: Obj) => void, string][] = [
    ['a port as text', (l) => (container(l, 'moncafe-web').ports[0].containerPort = '3000'), 'schema'],
    ['a readiness path', (l) => (container(l, 'moncafe-web').readinessProbe.httpGet.path = '/ready'), 'readinessProbe is not /readyz'],
    ['a probe port', (l) => (container(l, 'moncafe-worker').livenessProbe.httpGet.port = 9090), "is not the process's probe port"],
    ['a secret key', (_l, s) => delete s.stringData.METRICS_TOKEN, 'METRICS_TOKEN names no key of the Secret'],
    [
      'an env',
      (l) => (container(l, 'moncafe-worker').env = container(l, 'moncafe-worker').env.filter((e: Loose) => e.name !== 'SECRETS_KEY')),
      'lacks SECRETS_KEY',
    ],
    ['MIGRATE_ON_START', (l) => (container(l, 'moncafe-web').env.find((e: Loose) => e.name === 'MIGRATE_ON_START').value = '1'), 'MIGRATE_ON_START is not 0'],
    ['the grace period', (l) => (find(l, 'Deployment', 'moncafe-web').spec.template.spec.terminationGracePeriodSeconds = 18), 'grace 18 s is not above'],
    ['a targetPort', (l) => (find(l, 'Service', 'moncafe-web').spec.ports[0].targetPort = 9090), "is not the process's port"],
    ['the HPA target', (l) => (find(l, 'HorizontalPodAutoscaler', 'moncafe-web').spec.scaleTargetRef.name = 'web'), 'not the web Deployment'],
    [
      'a PDB selector',
      (l) => (find(l, 'PodDisruptionBudget', 'moncafe-web').spec.selector.matchLabels['app.kubernetes.io/component'] = 'www'),
      'covers no pod',
    ],
    [
      'a NetworkPolicy selector',
      (l) => (find(l, 'NetworkPolicy', 'moncafe-worker-ingress').spec.podSelector.matchLabels['app.kubernetes.io/component'] = 'wrk'),
      'selects no pod',
    ],
    ['the migration', (l) => (container(l, 'moncafe-migrate').command = ['node', 'apps/worker/build/main.js']), 'does not run migrate.js'],
    ['a second sender', (l) => (container(l, 'moncafe-web').env.find((e: Loose) => e.name === 'RUN_NOTIFICATIONS').value = '1'), 'not by exactly one pod'],
    ['the ServiceMonitor port', (l) => (find(l, 'ServiceMonitor', 'moncafe').spec.endpoints[1].port = 'metrics'), 'port metrics is on no Service'],
    ['PUBLIC_URL', (l) => (find(l, 'ConfigMap', 'moncafe-site').data.PUBLIC_URL = 'http://cafe.example.com'), 'is not the Ingress'],
  ];
  it.each(breakages)('a check fails when %s is broken', (_what, breakIt, expected) => {
    const list = parseObjects(rendered ?? '');
    const secret = structuredClone(secretTemplate);
    breakIt(list, secret);
    expect(problems(list, secret).join('\n')).toContain(expected);
  });
});
