import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNatsServer, type Child } from '../../fanout/support/processes';
import { until } from '../../support/until';

/**
 * A three-node NATS JetStream cluster of the test's own on loopback: node i listens for clients
 * on `ports.client + i`, for its routes on `ports.cluster + i` and serves its monitoring (/jsz)
 * on `ports.monitor + i`, keeps its JetStream in a
 * folder of its own (kept across a restart) and is named `n<i+1>`. The settings are the README's.
 */
export interface NatsCluster {
  /** All three client URLs, comma-separated (NATS_URL). */
  url: string;
  names: readonly string[];
  /** The node that leads `stream` now (its server name). */
  leaderOf(stream: string): Promise<string>;
  kill(name: string): Promise<void>;
  start(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startNatsCluster(ports: { client: number; cluster: number; monitor: number }): Promise<NatsCluster> {
  const names = ['n1', 'n2', 'n3'] as const;
  const dirs = await Promise.all(names.map(() => mkdtemp(path.join(os.tmpdir(), 'moncafe-nats-cluster-'))));
  const routes = names.map((_, i) => `nats://127.0.0.1:${ports.cluster + i}`).join(',');
  const url = names.map((_, i) => `nats://127.0.0.1:${ports.client + i}`).join(',');
  const nodes = new Map<string, Child>();
  const start = async (name: string) => {
    const i = names.indexOf(name as (typeof names)[number]);
    nodes.set(
      name,
      await startNatsServer(ports.client + i, dirs[i]!, [
        ...['-n', name, '-m', String(ports.monitor + i)],
        ...['--cluster_name', 'moncafe', '--cluster', `nats://127.0.0.1:${ports.cluster + i}`, '--routes', routes],
      ]),
    );
  };
  await Promise.all(names.map(start));
  /** What a living node's /jsz says (JetStream's meta leader, and each stream's cluster when `streams`). */
  const jsz = async (streams: boolean) => {
    for (const name of nodes.keys()) {
      const i = names.indexOf(name as (typeof names)[number]);
      const answer = await fetch(`http://127.0.0.1:${ports.monitor + i}/jsz${streams ? '?accounts=true&streams=true' : ''}`).catch(() => null);
      if (answer?.ok)
        return (await answer.json()) as {
          meta_cluster?: { leader?: string };
          account_details?: { stream_detail?: { name: string; cluster?: { leader?: string } }[] }[];
        };
    }
    return null;
  };
  // JetStream answers once the nodes have elected their meta leader.
  await until(async () => !!(await jsz(false))?.meta_cluster?.leader, {
    what: 'the NATS cluster to elect its JetStream leader',
    timeoutMs: 60_000,
    everyMs: 250,
  });
  return {
    url,
    names,
    async leaderOf(stream) {
      const streams = (await jsz(true))?.account_details?.flatMap((a) => a.stream_detail ?? []) ?? [];
      return streams.find((s) => s.name === stream)?.cluster?.leader ?? '';
    },
    async kill(name) {
      await nodes.get(name)?.kill('SIGKILL');
      nodes.delete(name);
    },
    start,
    async close() {
      for (const node of nodes.values()) await node.kill('SIGKILL');
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}
