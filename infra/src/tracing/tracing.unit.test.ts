import { describe, expect, it, vi } from 'vitest';
import { activeTraceparent, inAppendSpan, inSpan, startTracing, tracingOn } from './tracing';

// Whether anything imported the SDK: the mock stands in for it and says so when it is loaded.
const sdk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@opentelemetry/sdk-node', () => {
  sdk.loaded = true;
  return {};
});

describe('tracing without a collector', () => {
  it('starts nothing and never loads the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    expect(await startTracing({ otlpEndpoint: undefined }, 'moncafe-web')).toBeNull();
    expect(sdk.loaded).toBe(false);
    expect(tracingOn()).toBe(false);
  });

  it('runs the work in a span as it is, and leaves the events to append untouched', async () => {
    expect(inSpan('x', {}, () => 42)).toBe(42);
    await expect(inSpan('x', {}, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(inSpan('x', {}, () => activeTraceparent())).toBeUndefined();
    const events = [{ metadata: { correlationId: 'c-1' } }];
    const appended = await inAppendSpan('order-1', events, async (given) => given);
    expect(appended).toBe(events);
    expect(sdk.loaded).toBe(false);
  });

  // Last: it loads the (mocked) SDK, proving the check above would see an import.
  it('loads the SDK once an endpoint is set', async () => {
    await expect(startTracing({ otlpEndpoint: 'http://127.0.0.1:4318' }, 'moncafe-web')).rejects.toThrow();
    expect(sdk.loaded).toBe(true);
  });
});
