import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { optionDependenciesAnswer } from '#app/http/site-answers';

/** GET /api/admin/menu-options/dependencies: every option dependency (child options shown by a parent's value). */
export const loader = jsonCall({
  answer: optionDependenciesAnswer,
  cache: 'optionDependencies',
  handle: async ({ queries }) => ({ dependencies: await queries.menus.dependencies() }),
});

export type Answer = AnswerOf<typeof loader>;
