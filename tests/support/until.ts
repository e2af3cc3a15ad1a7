/**
 * Waits for a condition by polling it, bounded: no fixed sleeps in tests, and a clear
 * failure naming what never happened instead of a hang.
 */
export async function until(condition: () => boolean | Promise<boolean>, options: { timeoutMs?: number; everyMs?: number; what?: string } = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const everyMs = options.everyMs ?? 20;
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
