import { foldStream } from '../command-handler';
import type { BlobInfo, BlobStore, EventStore, Hashing } from '../ports';
import { toStreamName } from './events';
import { parseToken, reservationDecider, type ReservationState } from './decider';

/**
 * Pictures for image options (a cake print): uploaded by the reservation session before the
 * booking is sent, kept in the blob store, referenced by id from the reservation's events.
 *
 * Who may see one: staff (admin, monitor, staff), the browser session that uploaded it, and —
 * once it belongs to a reservation — whoever may see that reservation: the holder of its
 * confirmation link, and the signed-in account that made it. Anyone else gets nothing, the same
 * answer as for a picture that does not exist (docs/decisions/032-blob-store.md).
 */
export const RESERVATION_IMAGE = 'reservation-image';

export const sessionOwner = (sessionId: string) => `session:${sessionId}`;
export const reservationOwner = (reservationId: string) => `reservation:${reservationId}`;

/** Who asks for a picture, as the request shows it. */
export interface ImageViewer {
  /** The reservation session cookie's id, if any. */
  sessionId: string | null;
  /** Signed in with a staff role. */
  staff: boolean;
  accountId: string | null;
  /** A confirmation link's token (the confirm page passes it on). */
  token: string | null;
}

/** How many reservations one picture is checked against for a signed-in account (the same print reused). */
const MAX_RESERVATIONS_CHECKED = 20;

export function reservationImages(ports: { blobs: BlobStore; eventStore: EventStore; hashing: Hashing }) {
  async function reservation(reservationId: string): Promise<ReservationState> {
    return foldStream(reservationDecider, await ports.eventStore.readStream(toStreamName(reservationId)));
  }
  const uses = (state: ReservationState, imageId: string) => state.status !== 'empty' && Object.values(state.request.detail).flat().includes(imageId);

  async function mayView(imageId: string, owners: readonly string[], viewer: ImageViewer): Promise<boolean> {
    if (viewer.staff) return true;
    if (viewer.sessionId && owners.includes(sessionOwner(viewer.sessionId))) return true;
    const reservationIds = owners.flatMap((o) => (o.startsWith('reservation:') ? [o.slice('reservation:'.length)] : []));
    if (viewer.token) {
      const link = (() => {
        try {
          return parseToken(viewer.token, ports.hashing.sha256Hex);
        } catch {
          return null;
        }
      })();
      if (link && reservationIds.includes(link.reservationId)) {
        const state = await reservation(link.reservationId);
        if (state.status !== 'empty' && state.status !== 'cancelled' && state.tokenHash === link.tokenHash && uses(state, imageId)) return true;
      }
    }
    if (viewer.accountId) {
      for (const id of reservationIds.slice(0, MAX_RESERVATIONS_CHECKED)) {
        const state = await reservation(id);
        if (state.status !== 'empty' && state.request.accountId === viewer.accountId && uses(state, imageId)) return true;
      }
    }
    return false;
  }

  return {
    /** Keeps an uploaded picture for the session; throws `blob_type_refused` or `blob_too_large`. */
    upload(input: { bytes: Uint8Array; sessionId: string }): Promise<BlobInfo> {
      return ports.blobs.put({ bytes: input.bytes, kind: RESERVATION_IMAGE, owner: sessionOwner(input.sessionId) });
    },

    /** The picture, when this viewer may see it; null otherwise, as for an unknown id. */
    async read(imageId: string, viewer: ImageViewer) {
      const owners = await ports.blobs.owners(imageId, RESERVATION_IMAGE);
      if (owners.length === 0 || !(await mayView(imageId, owners, viewer))) return null;
      return ports.blobs.read(imageId);
    },
  };
}
