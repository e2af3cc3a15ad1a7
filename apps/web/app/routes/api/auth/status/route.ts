import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { publicUser } from '#app/auth/login.server';
import { authStatusAnswer } from '#app/http/site-answers';

/** GET /api/auth/status → {authenticated, user} (spec). */
export const loader = jsonCall({
  answer: authStatusAnswer,
  async handle({ user }) {
    const signedIn = await user();
    return { authenticated: signedIn !== null, user: signedIn ? publicUser(signedIn) : null };
  },
});

export type Answer = AnswerOf<typeof loader>;
