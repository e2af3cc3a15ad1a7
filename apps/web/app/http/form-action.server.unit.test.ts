import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { DomainError } from '@moncafe/domain/decider';
import type { Runtime } from '@moncafe/infra/runtime';
import { createAppLoadContext, userContext, type WebApp } from '#app/context';
import { formAction, GUEST_ACTOR } from './form-action.server';

/** The page actions' edge on its own: a fake app, forms posted by hand, the answers read back. */
function harness(user: Partial<SignedInUser> | null) {
  const waited: (number | null)[] = [];
  const runtime = {
    ids: { uuid: () => 'fresh-uuid', token: () => 't' },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    waitForProjections: async (position: number | null) => void waited.push(position),
  } as unknown as Runtime;
  const app = { runtime, services: {}, queries: {}, oidc: null } as unknown as WebApp;
  const post = async <A>(
    action: (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof createAppLoadContext> }) => Promise<A>,
    form: Record<string, string>,
  ) => {
    const context = createAppLoadContext(app, { requestId: 'request-7' });
    context.set(userContext, Promise.resolve(user as SignedInUser | null));
    const request = new Request('http://cafe.test/admin/x', {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return action({ request, params: {}, context });
  };
  return { post, waited };
}

const admin = { id: 'account-admin', roles: ['admin'] } as Partial<SignedInUser>;
const form = z.object({ store_id: z.string().min(1), people: z.coerce.number().int().max(8) });
const refused = (message: string, field: string | null) => ({ ok: false as const, message, field });

describe('formAction, the page actions’ edge', () => {
  it('hands the parsed form a command context: the request’s correlation id and the signed-in actor, and reads its writes', async () => {
    const { post, waited } = harness(admin);
    const action = formAction({
      roles: ['admin'],
      form,
      refused,
      async handle({ form: f, command, readYourWrites }) {
        await readYourWrites(42);
        return { ok: true as const, f, command };
      },
    });
    expect(await post(action, { store_id: 's1', people: '3' })).toEqual({
      ok: true,
      f: { store_id: 's1', people: 3 },
      command: { correlationId: 'request-7', actor: 'account-admin' },
    });
    expect(waited).toEqual([42]);
  });

  it('refuses a bad field in Japanese naming it, never in zod’s English, before anything runs', async () => {
    const { post } = harness(admin);
    let ran = false;
    const action = formAction({ roles: ['admin'], form, refused, handle: () => (ran = true) });
    expect(await post(action, { store_id: 's1', people: '9' })).toEqual(refused('「people」は8以下で入力してください', 'people'));
    expect(await post(action, { people: '2' })).toEqual(refused('「store_id」を入力してください', 'store_id'));
    expect(await post(action, { store_id: 's1', people: 'many' })).toEqual(refused('「people」の形式が正しくありません', 'people'));
    // A screen that says one thing for any bad field says that.
    expect(
      await post(formAction({ roles: ['admin'], form, refused, invalid: '数値を入力してください', handle: () => null }), { store_id: 's1', people: '9' }),
    ).toEqual(refused('数値を入力してください', 'people'));
    expect(ran).toBe(false);
  });

  it('checks the role on the server: signed out goes to the login page, a user without the role gets 403', async () => {
    const action = formAction({ roles: ['admin'], form, refused, handle: () => ({ ok: true }) });
    const signedOut = await harness(null)
      .post(action, { store_id: 's1', people: '2' })
      .catch((thrown: unknown) => thrown);
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fx');
    const staff = await harness({ id: 'account-staff', roles: ['staff'] })
      .post(action, { store_id: 's1', people: '2' })
      .catch((thrown: unknown) => thrown);
    expect(staff).toMatchObject({ init: { status: 403 } });
  });

  it('answers an expected DomainError with the screen’s message and lets any other error through', async () => {
    const { post } = harness(admin);
    const failing = (code: string) =>
      formAction({
        roles: ['admin'],
        form,
        refused,
        errors: { seat_in_use: 'この席は使われています', otherwise: '保存できませんでした' },
        handle: () => {
          throw new DomainError(code, 'refused');
        },
      });
    expect(await post(failing('seat_in_use'), { store_id: 's1', people: '2' })).toEqual(refused('この席は使われています', null));
    expect(await post(failing('anything_else'), { store_id: 's1', people: '2' })).toEqual(refused('保存できませんでした', null));
    const untabled = formAction({
      roles: ['admin'],
      handle: () => {
        throw new DomainError('seat_in_use', 'refused');
      },
    });
    await expect(post(untabled, {})).rejects.toThrow(DomainError);
  });

  it('lets anyone send a form open to anyone: signed out, the command’s actor is the guest, never staff', async () => {
    const action = formAction({ roles: 'anyone', handle: ({ command, user }) => ({ actor: command.actor, user }) });
    expect(await harness(null).post(action, {})).toEqual({ actor: GUEST_ACTOR, user: null });
    expect(GUEST_ACTOR).toBe('customer');
    expect(await harness({ id: 'account-guest', roles: [] }).post(action, {})).toMatchObject({ actor: 'account-guest' });
  });
});
