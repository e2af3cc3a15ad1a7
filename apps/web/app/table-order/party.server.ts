import { DomainError } from '@moncafe/domain/decider';
import type { CallInput } from '#app/http/json.server';
import { tableAuthOf } from './visit-auth.server';

/**
 * The party a reservation's phone sits with now, from the reservations read model (decision
 * 649): its own seats and size, or after a merge the joined party's (decision 370), so every
 * phone of either party says the merged size, also one that was away when the merge happened.
 * A guest's token must be that reservation's own; staff read any. The read waits (bounded) for
 * the read models to apply what was written, since a phone asks right after `reservation-merged`.
 */
export async function partyOfVisit(input: CallInput<unknown, unknown>, reservationId: string) {
  const auth = await tableAuthOf(input);
  if (auth.kind === 'token' && (await input.services.table.verifyToken(auth.token)).reservationId !== reservationId)
    throw new DomainError('invalid_token', 'the token is another reservation’s');
  await input.readAllWrites();
  const party = await input.queries.reservations.partyOf(reservationId);
  if (!party) throw new DomainError('not_found', `no reservation ${reservationId}`);
  return party;
}
