import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../support/sse';
import { checkedIn, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import { until } from '../support/until';
import type { TestWebServer } from '../support/web-server';

/** One span as OTLP/HTTP JSON carries it, with its attributes flattened to strings. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string>;
  links: string[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: OtlpAttribute[]; links?: { traceId: string }[] }[];
    }[];
  }[];
}

const text = (v: OtlpValue): string => v.stringValue ?? (v.intValue !== undefined ? String(v.intValue) : (v.arrayValue?.values ?? []).map(text).join(','));
const flat = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map((a) => [a.key, text(a.value)]));

/**
 * Traces over the real web process (decision 646): a collector of the test's own (OTLP/HTTP,
 * JSON) receives what the server exports, and one guest order is one trace, from the guest's
 * request through its append, the projectors' batch and the kitchen's /live frame.
 */
describe('traces', () => {
  const spans: ReceivedSpan[] = [];
  let collector: http.Server;
  let server: TestWebServer;

  beforeAll(async () => {
    collector = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
          for (const rs of body.resourceSpans ?? []) {
            const service = flat(rs.resource?.attributes)['service.name'] ?? '';
            for (const ss of rs.scopeSpans ?? [])
              for (const s of ss.spans ?? [])
                spans.push({
                  service,
                  traceId: s.traceId,
                  spanId: s.spanId,
                  parentSpanId: s.parentSpanId ?? '',
                  name: s.name,
                  attributes: flat(s.attributes),
                  links: (s.links ?? []).map((l) => l.traceId),
                });
          }
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    server = await startTableOrderServer({
      // A short export delay: the spans reach the collector within the test's wait, not after 5 s.
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
  });
  afterAll(async () => {
    await server?.close();
    collector?.closeAllConnections();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it("follows a guest's order in one trace: the request, its append, the projectors' batch and the kitchen's /live frame", async () => {
    const admin = await signedInAdmin(server.url);
    const kitchen = await openSse(`${server.url}/live?topics=kitchen`, { cookie: admin.cookie! });
    const { guest, reservationId, token } = await checkedIn(server.url, 'seat-c2');
    const placed = await guest.send('POST', '/api/orders', {
      json: { seat_id: 'seat-c2', reservation_id: reservationId, items: [{ menu_id: 'menu-latte', quantity: 1 }] },
      headers: withToken(token),
    });
    expect(placed.status).toBe(200);
    const requestId = placed.headers.get('x-request-id')!;
    const { order_id: orderId } = (await placed.json()) as { order_id: string };
    await kitchen.until((frames) => frames.some((f) => f.event === 'new-order' && (f.data ?? '').includes(orderId)));
    kitchen.close();

    const request = () => spans.find((s) => s.name.startsWith('POST ') && s.attributes['moncafe.request_id'] === requestId);
    const inTrace = (name: string) => spans.filter((s) => s.name === name && s.traceId === request()?.traceId);
    const liveSent = () => inTrace('live send').find((s) => s.attributes['moncafe.live_events']?.includes('new-order'));
    await until(() => Boolean(request() && inTrace('eventstore append').length > 0 && inTrace('relay publish').length > 0 && liveSent()), {
      what: `the order's spans at the collector; received: ${spans.length}`,
    });

    const root = request()!;
    expect(root).toMatchObject({ service: 'moncafe-web', name: 'POST /api/orders', attributes: { 'moncafe.correlation_id': requestId } });
    // The appends (the order's, and what else the command writes) run inside the request: its
    // children, with the request's id.
    const appends = inTrace('eventstore append');
    for (const append of appends) {
      expect(append.parentSpanId).toBe(root.spanId);
      expect(append.attributes).toMatchObject({ 'moncafe.request_id': requestId, 'moncafe.correlation_id': requestId });
    }
    // The rest continue from the traceparent the events carried: children of an append.
    const appendIds = appends.map((a) => a.spanId);
    for (const later of [...inTrace('relay publish'), liveSent()!]) {
      expect(appendIds).toContain(later.parentSpanId);
      expect(later.attributes['moncafe.correlation_id']).toBe(requestId);
    }
    // The projectors apply the order in this trace, or in a batch that began with another
    // command's events and links this one.
    await until(() => spans.some((s) => s.name === 'projector batch' && (s.traceId === root.traceId || s.links.includes(root.traceId))), {
      what: "a projector batch in the order's trace",
    });
    const batches = spans.filter((s) => s.name === 'projector batch' && s.traceId === root.traceId);
    for (const batch of batches) expect(batch.attributes['moncafe.correlation_id']).toBe(requestId);
  });
});
