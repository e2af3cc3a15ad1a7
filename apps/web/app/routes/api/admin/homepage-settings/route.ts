import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { homepageCardsAnswer } from '#app/http/site-answers';

/**
 * GET /api/admin/homepage-settings: the homepage cards, active ones in display order.
 * A public read: the customer homepage uses it (spec section 7).
 */
export const loader = jsonCall({
  answer: homepageCardsAnswer,
  cache: 'homepageSettings',
  handle: ({ queries }) => queries.homepageCards.list({ activeOnly: true }),
});

export type Answer = AnswerOf<typeof loader>;
