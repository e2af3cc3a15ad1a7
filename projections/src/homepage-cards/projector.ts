import { catalogProjector, catalogTable } from '../catalog-projector';

/** Homepage cards: an upsert per save and a delete per removal, harmless when replayed. */
export const homepageCardsProjector = catalogProjector('homepage-cards', [
  catalogTable({ kind: 'homepage-card', table: 'homepage_cards', key: 'id', row: (id, data) => ({ id, ...data }) }),
]);
