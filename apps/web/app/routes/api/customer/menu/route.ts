import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';

/** GET /api/customer/menu: the reservation courses (menu items with show_on_reservation) of the site's store. */
export const loader = jsonCall({
  async handle({ queries }) {
    const store = (await queries.stores.default()) ?? refuse(404, callTexts.noStore);
    return { menus: await queries.menus.list({ storeId: store.store_id, visibleOn: 'reservation' }) };
  },
});

export type Answer = AnswerOf<typeof loader>;
