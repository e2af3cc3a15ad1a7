import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports';
import { toStreamName as reservationStream } from '../reservation/events';
import { missingReceiptReactor } from './receipt-reactor';

const NOW = Date.parse('2027-01-13T03:00:00.000Z');

function checkedOut(payment: { method: 'cash' | 'credit' } | null, secondsAgo: number): RecordedEvent {
  return {
    eventId: 'e-1',
    streamId: reservationStream('r-1'),
    revision: 4,
    position: 40,
    type: 'CheckedOut',
    data: {
      payment: payment && { method: payment.method, subtotal: 1100, tax: 100, total: 1100, orderIds: ['o-1'] },
      exitedAt: '2027-01-13T02:59:00.000Z',
      actualDurationMinutes: 50,
      date: '2027-01-13',
    },
    metadata: { correlationId: 'c-1', causationId: null, actor: 'admin', storeId: '2' },
    recordedAt: new Date(NOW - secondsAgo * 1000),
  };
}

/** The reactor over a billing that records what it was asked, answering a receipt or none. */
function given(answer: 'issued' | 'none', stopped = false) {
  const asked: unknown[] = [];
  const paused: number[] = [];
  const reactor = missingReceiptReactor({
    billing: {
      issueMissingReceipt: async (input) => {
        asked.push(input);
        return answer === 'issued' ? ({ receiptId: 'rc-1', number: 7 } as never) : null;
      },
    },
    logger: { warn: () => undefined },
    now: () => NOW,
    graceMs: 30_000,
  });
  const control = { pause: async (ms: number) => void paused.push(ms), stopped: () => stopped };
  return { reactor, asked, paused, control };
}

describe('the missing receipts reactor (decision 643)', () => {
  it('handles checkouts only', () => {
    const { reactor } = given('none');
    expect(reactor.handles({ type: 'CheckedOut' })).toBe(true);
    expect(reactor.handles({ type: 'ReceiptIssued' })).toBe(false);
    expect(reactor.handles({ type: 'MarkedNoShow' })).toBe(false);
  });

  it('waits out the grace from the checkout’s recorded time, then asks for the visit’s receipt by the method paid', async () => {
    const { reactor, asked, paused, control } = given('issued');
    expect(await reactor.react(checkedOut({ method: 'credit' }, 10), control)).toBe(1);
    expect(paused).toEqual([20_000]);
    expect(asked).toEqual([{ reservationId: 'r-1', method: 'credit', correlationId: 'c-1', causationId: 'e-1' }]);
  });

  it('does not wait for a checkout older than the grace (a restart catching up)', async () => {
    const { reactor, paused, control } = given('none');
    expect(await reactor.react(checkedOut({ method: 'cash' }, 3600), control)).toBe(0);
    expect(paused).toEqual([]);
  });

  it('waits the whole grace for a checkout recorded ahead of this clock', async () => {
    const { reactor, paused, control } = given('none');
    await reactor.react(checkedOut({ method: 'cash' }, -5), control);
    expect(paused).toEqual([30_000]);
  });

  it('asks nothing for a visit ended without a payment here', async () => {
    const { reactor, asked, control } = given('issued');
    expect(await reactor.react(checkedOut(null, 3600), control)).toBe(0);
    expect(asked).toEqual([]);
  });

  it('asks nothing once the process is stopping', async () => {
    const { reactor, asked, control } = given('issued', true);
    expect(await reactor.react(checkedOut({ method: 'cash' }, 10), control)).toBe(0);
    expect(asked).toEqual([]);
  });
});
