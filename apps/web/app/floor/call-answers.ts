import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { Answer as AcknowledgeAnswer } from '#app/routes/api/monitor/staff-calls/acknowledge/route';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { browserStorage } from '#app/shared/browser-storage';
import { browserOutbox, subscribeToOutboxes, unanswered, useOutboxFlush, type OutboxEntry } from '#app/shared/outbox';
import { tableCall } from '#app/table-order/table-call';

const STORAGE_KEY = 'moncafe.floor-outbox';

/**
 * The floor tablet's answers to staff calls, kept until the server has heard them (decisions 261
 * and 664): an answer tapped with the line down waits on the tablet with its Idempotency-Key and
 * is sent again once the line is back, so the table's call is answered once, never lost.
 */
const answers = browserOutbox(STORAGE_KEY, z.object({ reservationId: z.string(), callId: z.string(), storeId: z.string() }));
type CallAnswer = OutboxEntry<{ reservationId: string; callId: string; storeId: string }>;

const keptNow = () => browserStorage()?.getItem(STORAGE_KEY) ?? '';

/**
 * Answers a staff call from the floor view, through the outbox; `onAnswer` hears each answer the
 * server gave (its status and body). `waiting` names the calls whose answer has not reached it.
 */
export function useCallAnswers(onAnswer: (status: number, body: AcknowledgeAnswer & { error?: string; message?: string }) => void) {
  const kept = useSyncExternalStore(subscribeToOutboxes, keptNow, () => '');
  const waiting = useMemo(() => new Set(kept ? answers.list().map((entry) => entry.data.callId) : []), [kept]);

  const deliver = async (entry: CallAnswer): Promise<boolean> => {
    const { reservationId, callId, storeId } = entry.data;
    const r = await tableCall<AcknowledgeAnswer>('/api/monitor/staff-calls/acknowledge', {
      body: { reservation_id: reservationId, call_id: callId, store_id: storeId },
      idempotencyKey: entry.key,
    });
    if (unanswered(r.status)) return false;
    answers.remove(entry.key);
    onAnswer(r.status, r.body);
    return true;
  };
  useOutboxFlush(async () => {
    for (const entry of answers.list()) if (!(await deliver(entry))) return;
  }, waiting.size > 0);

  const acknowledge = async (reservationId: string, callId: string, storeId: string) => {
    // A second tap on a call still waiting is the same answer: it is already on its way.
    if (answers.list().some((entry) => entry.data.callId === callId)) return;
    const entry: CallAnswer = { key: newIdempotencyKey(), data: { reservationId, callId, storeId }, createdAt: Date.now() };
    answers.put(entry);
    await deliver(entry);
  };
  return { acknowledge, waiting };
}
