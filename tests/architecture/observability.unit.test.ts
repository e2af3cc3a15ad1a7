import { execFileSync } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { repoRoot } from '../support/production';

/**
 * The alert rules and the dashboard in deploy/observability/ (decision 658) against the code:
 * promtool checks the rules and runs their unit tests (alerts.test.yaml: each alert fires where it
 * should and stays quiet where it should not), and every `moncafe_*` series they read must be one
 * the code defines, so renaming a metric fails here instead of silently emptying a panel or an alert.
 */
const PROMTOOL = '/usr/bin/promtool';
const hasPromtool = existsSync(PROMTOOL);
const promtoolRequired = process.env.REQUIRE_SERVICES === '1';
if (!hasPromtool && !promtoolRequired) console.warn(`skipping promtool's checks: ${PROMTOOL} is not installed (Debian's prometheus package brings it)`);

const observability = path.join(repoRoot, 'deploy/observability');
const alertsFile = path.join(observability, 'alerts.yaml');

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const groups = (parse(readFileSync(alertsFile, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups;
const rules = groups.flatMap((group) => group.rules);

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
interface Dashboard {
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string | { query: string } }[] };
}
const dashboard = JSON.parse(readFileSync(path.join(observability, 'dashboard.json'), 'utf8')) as Dashboard;
const dashboardExprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
const variableQueries = dashboard.templating.list.filter((v) => v.type === 'query').map((v) => (typeof v.query === 'string' ? v.query : v.query.query));

/**
 * The series names the code's metrics expose, as prom-client names them: a histogram's as
 * `_bucket`, `_sum` and `_count`, a summary's as itself, `_sum` and `_count`, a counter's and a
 * gauge's as given (prom-client adds no `_total`: the definitions carry it).
 */
function seriesTheCodeDefines(): Set<string> {
  const files = globSync('{infra,apps,projections,domain}/**/*.ts', { cwd: repoRoot, exclude: ['**/node_modules/**', '**/build/**', '**/*.test.ts'] });
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const [, kind, name] of text.matchAll(/new (Counter|Gauge|Histogram|Summary)\(\{[\s\S]*?name: '(moncafe_\w+)'/g)) {
      if (kind === 'Histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
      else if (kind === 'Summary') for (const suffix of ['', '_sum', '_count']) names.add(name + suffix);
      else names.add(name!);
    }
  }
  return names;
}

const usedNames = (exprs: string[]) => new Set(exprs.flatMap((expr) => [...expr.matchAll(/\bmoncafe_[a-z][a-z_]*\b/g)].map((m) => m[0])));

describe('alert rules and dashboard', () => {
  const defined = seriesTheCodeDefines();
  const scratch = mkdtempSync(path.join(tmpdir(), 'moncafe-promql-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the metric definitions it compares against', () => {
    // If the pattern stopped matching, every name below would look undefined, or the walk found nothing.
    expect(defined).toContain('moncafe_http_request_duration_seconds_bucket');
    expect(defined).toContain('moncafe_loop_restarts_total');
    expect(defined).toContain('moncafe_relay_leader');
    expect(defined).not.toContain('moncafe_http_request_duration_seconds');
  });

  it('reads only series the code defines, in the alerts and in the dashboard', () => {
    const inAlerts = usedNames(rules.map((rule) => rule.expr));
    const inDashboard = usedNames([...dashboardExprs, ...variableQueries]);
    expect(inAlerts.size).toBeGreaterThan(5);
    expect(inDashboard.size).toBeGreaterThan(5);
    expect([...inAlerts].filter((name) => !defined.has(name))).toEqual([]);
    expect([...inDashboard].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('gives every alert a wait, a severity and an English summary and description', () => {
    expect(rules.length).toBeGreaterThanOrEqual(7);
    for (const rule of rules) {
      expect(rule.alert, rule.expr).toMatch(/^MonCafe[A-Za-z0-9]+$/);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toMatch(/^[\x20-\x7e]+$/);
      expect(rule.annotations?.description?.length ?? 0, rule.alert).toBeGreaterThan(40);
    }
  });

  it('has a unit test case for every alert (promtool runs them below)', () => {
    const tests = (
      parse(readFileSync(path.join(observability, 'alerts.test.yaml'), 'utf8')) as {
        tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
      }
    ).tests;
    const cases = tests.flatMap((t) => t.alert_rule_test);
    for (const rule of rules) {
      const mine = cases.filter((c) => c.alertname === rule.alert);
      expect(
        mine.some((c) => c.exp_alerts.length > 0),
        `${rule.alert} fires somewhere`,
      ).toBe(true);
      expect(
        mine.some((c) => c.exp_alerts.length === 0),
        `${rule.alert} stays quiet somewhere`,
      ).toBe(true);
    }
  });

  it('is a Grafana dashboard on the chosen data source', () => {
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
    const titles = dashboard.panels.map((p) => p.title);
    for (const title of ['Requests by route and status', 'p99 by route', 'Appends by outcome', 'Projection lag per projector', 'Live connections'])
      expect(titles).toContain(title);
    const p99 = dashboard.panels.find((p) => p.title === 'p99 by route')!;
    expect(p99.targets?.[0]?.expr).toMatch(/histogram_quantile\(0\.99, sum by \(le, route\) \(rate\(moncafe_http_request_duration_seconds_bucket/);
  });

  describe.runIf(hasPromtool || promtoolRequired)('promtool', () => {
    const promtool = (...args: string[]) => {
      if (!hasPromtool) throw new Error(`${PROMTOOL} is needed (REQUIRE_SERVICES=1): apt-get install -y prometheus`);
      return execFileSync(PROMTOOL, args, { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
    };

    it('accepts the rules file', () => {
      expect(promtool('check', 'rules', 'deploy/observability/alerts.yaml')).toMatch(/SUCCESS: \d+ rules found/);
    });

    it("passes the rules' unit tests", () => {
      expect(promtool('test', 'rules', 'deploy/observability/alerts.test.yaml')).toContain('SUCCESS');
    });

    it("parses the dashboard's queries as PromQL", () => {
      // Grafana's variables replaced by values Prometheus accepts; each query becomes a recording rule promtool parses.
      const asPromql = (expr: string) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$__range', '1h').replaceAll('$job', 'moncafe.*');
      const file = path.join(scratch, 'dashboard-queries.yaml');
      const recorded = dashboardExprs.map((expr, i) => ({ record: `dashboard:query_${i}`, expr: asPromql(expr) }));
      writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules: recorded }] }));
      expect(promtool('check', 'rules', file)).toContain(`SUCCESS: ${recorded.length} rules found`);
    });
  });
});
