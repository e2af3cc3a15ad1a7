import { catalogProjector, catalogTable } from '../catalog-projector';

/** Notices: an upsert per save and a delete per removal, harmless when replayed. */
export const emailNoticesProjector = catalogProjector('email-notices', [
  catalogTable({ kind: 'notice', table: 'email_notices', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);
