import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { sameDaySettingsAnswer } from '#app/http/site-answers';

/** GET /api/admin/same-day-settings: is_enabled and deadline_time of the site's store. */
export const loader = jsonCall({
  answer: sameDaySettingsAnswer,
  async handle({ queries }) {
    const store = (await queries.stores.default()) ?? refuse(404, callTexts.noStore);
    return queries.sameDaySettings.get(store.store_id);
  },
});

export type Answer = AnswerOf<typeof loader>;
