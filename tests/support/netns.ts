import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A client on another host: a network namespace the test makes, joined to this machine by a veth
 * pair on a /30 of its own. A request from it reaches a server listening on every interface from
 * a peer address that is not loopback — what the server must treat as "from elsewhere" — and
 * never leaves this machine (no interface of the machine's own network is used). Needs root and
 * iproute2's `ip`, as CI has; otherwise `outsideHost` answers why it cannot make one.
 */
export interface OutsideHost {
  /** The server side's address on the pair: what the outside client connects to. */
  serverAddress: string;
  /** A GET from inside the namespace, by this process's Node binary. */
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const ip = (...args: string[]) => run('ip', args);

export async function outsideHost(): Promise<OutsideHost | { unavailable: string }> {
  const tag = `${process.pid % 100_000}`;
  const name = `mcns${tag}`;
  const [outer, inner] = [`mco${tag}`, `mci${tag}`];
  const subnet = `10.231.${process.pid % 250}`;
  const serverAddress = `${subnet}.1`;
  try {
    await ip('netns', 'add', name);
  } catch (error) {
    return { unavailable: `no network namespace can be made here (${(error as Error).message.split('\n')[0]})` };
  }
  const close = async () => {
    await ip('link', 'del', outer).catch(() => undefined);
    await ip('netns', 'del', name).catch(() => undefined);
  };
  try {
    await ip('link', 'add', outer, 'type', 'veth', 'peer', 'name', inner);
    await ip('link', 'set', inner, 'netns', name);
    await ip('addr', 'add', `${serverAddress}/30`, 'dev', outer);
    await ip('link', 'set', outer, 'up');
    await ip('netns', 'exec', name, 'ip', 'addr', 'add', `${subnet}.2/30`, 'dev', inner);
    await ip('netns', 'exec', name, 'ip', 'link', 'set', inner, 'up');
  } catch (error) {
    await close();
    return { unavailable: `the namespace's link could not be set up (${(error as Error).message.split('\n')[0]})` };
  }
  const script =
    'const [url, headers] = [process.argv[1], JSON.parse(process.argv[2])];' +
    "fetch(url, { headers, redirect: 'manual' }).then(async (r) => console.log(JSON.stringify({ status: r.status, body: await r.text() })));";
  return {
    serverAddress,
    async get(url, headers = {}) {
      const { stdout } = await run('ip', ['netns', 'exec', name, process.execPath, '-e', script, url, JSON.stringify(headers)], { timeout: 30_000 });
      return JSON.parse(stdout) as { status: number; body: string };
    },
    close,
  };
}
