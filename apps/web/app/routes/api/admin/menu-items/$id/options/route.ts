import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { idParam, menuEditorCall, optionBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/** POST /api/admin/menu-items/{id}/options {label, type, required, choices[{id?, label, extra_price}]} (admin): a new option; answers its id (the spec's option_id). */
export const action = jsonCall({
  idempotent: true,
  body: optionBody,
  ...menuEditorCall,
  async handle(input) {
    const menuId = idParam(input.params, 'id');
    const { context } = await actingUser(input);
    const saved = await input.services.menuEditor.saveOption({ menuId, optionId: null, data: input.body }, context);
    await input.readYourWrites(saved.position);
    return { success: true as const, id: saved.id };
  },
});

export type Answer = AnswerOf<typeof action>;
