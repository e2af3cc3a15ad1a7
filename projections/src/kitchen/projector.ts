import { CATALOG_CATEGORY, parseCatalogEvent } from '@moncafe/domain/catalog/events';
import { assertNever } from '@moncafe/domain/decider';
import { kitchenNotes, type NoteOption } from '@moncafe/domain/order/kitchen-notes';
import type { RecordedEvent } from '@moncafe/domain/ports';
import { RESERVATION_CATEGORY, fromStreamName, parseReservationEvent, type ReservationDetail } from '@moncafe/domain/reservation/events';
import type { Projector } from '../projector';
import type { ReadModelRows } from '../read-model-rows';

const CATALOG_STREAM = `${CATALOG_CATEGORY}-`;

/** `catalog-menu-option~{id}`, or a catalog stream named before kinds were in the name, which may be any kind (the parse tells). */
const mayBeMenuOption = (streamId: string) =>
  streamId.startsWith(`${CATALOG_STREAM}menu-option~`) || (streamId.startsWith(CATALOG_STREAM) && !streamId.includes('~', CATALOG_STREAM.length));

/**
 * The kitchen ticket's parties (decision 670): one row per visit with what its tickets say
 * besides the order, and the menu options its notes are made from. Every write sets values, so a
 * replay is harmless; the notes are made when the booking is (or is forgotten), from the options
 * as they were then, so a rebuild replaying the same events makes the same notes.
 */
export const kitchenProjector: Projector = {
  name: 'kitchen',
  tables: ['kitchen_parties', 'kitchen_options'],
  categories: [RESERVATION_CATEGORY, CATALOG_CATEGORY],
  handles: (recorded) =>
    fromStreamName(recorded.streamId) !== null ||
    ((recorded.type === 'RecordSaved' || recorded.type === 'RecordRemoved') && mayBeMenuOption(recorded.streamId)),
  async apply(rows, recorded: RecordedEvent) {
    if (recorded.streamId.startsWith(CATALOG_STREAM)) return mayBeMenuOption(recorded.streamId) ? applyOption(rows, recorded) : undefined;
    const event = parseReservationEvent(recorded);
    const stream = fromStreamName(recorded.streamId);
    if (!event || !stream) return;
    const id = stream.reservationId;
    const parties = rows.table('kitchen_parties', 'reservation_id');
    switch (event.type) {
      case 'ReservationRequested': {
        const d = event.data;
        const menuIds = d.lines.map((l) => l.menuId);
        const remarks = d.remarks ?? '';
        return parties.put({
          reservation_id: id,
          store_id: d.storeId,
          people: d.people,
          merged_into: null,
          paid: false,
          menu_ids: menuIds,
          detail: d.detail,
          remarks,
          notes: await notesOf(rows, menuIds, d.detail, remarks),
        });
      }
      case 'WalkInSeated':
        return parties.put({
          reservation_id: id,
          store_id: event.data.storeId,
          people: event.data.people,
          merged_into: null,
          paid: false,
          menu_ids: [],
          detail: {},
          remarks: '',
          notes: [],
        });
      case 'ReservationMoved':
        return event.data.people !== undefined ? parties.update(id, { people: event.data.people }) : undefined;
      case 'PartyMerged':
      case 'PartyMergeUndone':
        return parties.update(id, { people: event.data.people });
      case 'MergedIntoParty':
        return parties.update(id, { merged_into: event.data.hostId });
      case 'MergeUndone':
        return parties.update(id, { merged_into: null });
      case 'CheckedOut':
        return parties.update(id, { paid: true });
      case 'GuestForgotten': {
        // The guest's words leave with the guest: the notes are made again from what is kept.
        const row = await parties.get(id);
        if (!row) return;
        return parties.update(id, { detail: event.data.detail, remarks: '', notes: await notesOf(rows, row.menu_ids, event.data.detail, '') });
      }
      case 'ConfirmationLinkIssued':
      case 'ReservationConfirmed':
      case 'ReservationCancelled':
      case 'CustomerArrived':
      case 'StatusChanged':
      case 'MarkedNoShow':
      case 'NoShowReverted':
      case 'GuestDetailsCorrected':
      case 'VisitTokenIssued':
      case 'VisitPassIssued':
      case 'VisitPassUsed':
      case 'LocationCheckWaived':
      case 'OrderAdmitted':
      case 'CourseLineChanged':
        // Nothing a kitchen ticket says: its party, payment and notes are above.
        return;
      default:
        return assertNever(event);
    }
  },
};

async function applyOption(rows: ReadModelRows, recorded: RecordedEvent) {
  const event = parseCatalogEvent(recorded, ['menu-option']);
  if (!event || event.data.kind !== 'menu-option') return;
  const options = rows.table('kitchen_options', 'option_id');
  if (event.type === 'RecordRemoved') return options.remove(event.data.id);
  const { menu_id, label, type, choices, allergy } = event.data.data;
  return options.put({ option_id: event.data.id, menu_id, label, type, choices, allergy });
}

/** The booking's notes by the kitchen's rule, from the options of its courses this read model holds. */
async function notesOf(rows: ReadModelRows, menuIds: readonly string[], detail: ReservationDetail, remarks: string) {
  const options = rows.table('kitchen_options', 'option_id');
  const found = new Map<string, NoteOption>();
  for (const key of Object.keys(detail)) {
    // A detail key is `{menuId}_{optionId}`; the option must belong to that menu.
    for (const menuId of new Set(menuIds)) {
      if (!key.startsWith(`${menuId}_`)) continue;
      const option = await options.get(key.slice(menuId.length + 1));
      if (option?.menu_id === menuId) found.set(key, option);
    }
  }
  return kitchenNotes({ detail, remarks }, (key) => found.get(key));
}
