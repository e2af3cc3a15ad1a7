import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** GET /api/auth/mfa/status: the signed-in holder's second factors (decision 540); no secret in it. */
export const loader = jsonCall({
  async handle({ caller, services }) {
    const status = await services.secondFactors.status((await caller()).id);
    return {
      enabled: status.enabled,
      totp: status.totp,
      recovery_codes_left: status.recoveryCodesLeft,
      passkeys: status.passkeys.map((p) => ({ credential_id: p.credentialId })),
      deadline: status.deadline,
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
