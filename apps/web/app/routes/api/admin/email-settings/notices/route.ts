import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { noticesAnswer } from '#app/http/site-answers';

/** GET /api/admin/email-settings/notices: the active notices printed in mails and on the confirm and cancel pages (the site's store's, and those for every store). */
export const loader = jsonCall({
  answer: noticesAnswer,
  async handle({ queries }) {
    const store = await queries.stores.default();
    return { notices: await queries.notices.list({ ...(store ? { storeId: store.store_id } : {}), activeOnly: true }) };
  },
});

export type Answer = AnswerOf<typeof loader>;
