import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { idParam, menuEditorCall } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/** POST /api/admin/menu-items/{id}/hide (admin): off /menu, the course list and the order page; kept for the records that name it. */
export const action = jsonCall({
  ...menuEditorCall,
  async handle(input) {
    const id = idParam(input.params, 'id');
    const { context } = await actingUser(input);
    const saved = await input.services.menuEditor.hideMenu({ id }, context);
    await input.readYourWrites(saved.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
