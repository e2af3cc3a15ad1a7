import { foldStream, type CommandContext, type HandlerDeps } from '../command-handler';
import { saveRecord } from '../catalog/catalog-service';
import { catalogDecider } from '../catalog/decider';
import { toStreamName } from '../catalog/events';
import type { StoreData } from '../catalog/kinds';
import { DomainError } from '../decider';

/**
 * /admin/store-coordinates (decision 039): the store's point and geofence radius are fields of the
 * store record, so a save keeps every other field as it is stored and replaces these three (and
 * the table check-in mode, decision 151, when given).
 */
export function storeLocationService(ports: HandlerDeps) {
  return {
    async save(
      input: { storeId: string; latitude: number | null; longitude: number | null; geofenceRadiusM: number; tableCheckIn?: 'self' | 'staff' },
      context: CommandContext,
    ) {
      const state = foldStream(catalogDecider, await ports.eventStore.readStream(toStreamName('store', input.storeId)));
      if (state.status !== 'saved') throw new DomainError('not_found');
      const data: StoreData = {
        ...(state.data as StoreData),
        latitude: input.latitude,
        longitude: input.longitude,
        geofence_radius_m: input.geofenceRadiusM,
        ...(input.tableCheckIn ? { table_check_in: input.tableCheckIn } : {}),
      };
      return saveRecord(ports, { kind: 'store', id: input.storeId, data }, { ...context, storeId: input.storeId });
    },
  };
}
