import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { idParam, menuEditorCall, orderBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/** POST /api/admin/menu-items/{id}/options/order {ids} (admin): the item's options in this order. */
export const action = jsonCall({
  body: orderBody,
  ...menuEditorCall,
  async handle(input) {
    const menuId = idParam(input.params, 'id');
    const { context } = await actingUser(input);
    const saved = await input.services.menuEditor.reorderOptions({ menuId, ids: input.body.ids }, context);
    await input.readYourWrites(saved.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
