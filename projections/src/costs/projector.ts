import { catalogProjector, catalogTable } from '../catalog-projector';

/** Cost lines: an upsert per save and a delete per removal, rebuilt from the catalog's events. */
export const costLinesProjector = catalogProjector('cost-lines', [
  catalogTable({ kind: 'cost-line', table: 'cost_lines', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);
