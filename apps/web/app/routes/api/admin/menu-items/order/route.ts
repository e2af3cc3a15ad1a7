import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuEditorCall, orderBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/** POST /api/admin/menu-items/order {ids} (admin): one store's items in this order (each moved item saved with its new display_order). */
export const action = jsonCall({
  body: orderBody,
  ...menuEditorCall,
  async handle(input) {
    const { context } = await actingUser(input);
    const saved = await input.services.menuEditor.reorderMenus({ ids: input.body.ids }, context);
    await input.readYourWrites(saved.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
