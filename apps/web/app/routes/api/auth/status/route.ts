import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { publicUser } from '#app/auth/login.server';

/** GET /api/auth/status → {authenticated, user} (spec). */
export const loader = jsonCall({
  async handle({ user }) {
    const signedIn = await user();
    return { authenticated: signedIn !== null, user: signedIn ? publicUser(signedIn) : null };
  },
});

export type Answer = AnswerOf<typeof loader>;
