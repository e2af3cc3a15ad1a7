import { catalogProjector, catalogTable } from '../catalog-projector';

/** Recipes and serve methods: an upsert per save and a delete per removal. */
export const staffGuidesProjector = catalogProjector('staff-guides', [
  catalogTable({
    kind: 'recipe',
    table: 'recipes',
    key: 'id',
    row: (id, data) => ({ id, ...data }),
  }),
  catalogTable({ kind: 'serve-method', table: 'serve_methods', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);
