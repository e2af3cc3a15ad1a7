import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dependencyBody, idParam, menuEditorCall } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * POST /api/admin/menu-items/{id}/dependencies {parent_option_id, child_option_id, parent_value |
 * parent_choice_value, is_show} (admin): a new rule for the item's options; answers its id.
 */
export const action = jsonCall({
  idempotent: true,
  body: dependencyBody,
  ...menuEditorCall,
  async handle(input) {
    const menuId = idParam(input.params, 'id');
    const { context } = await actingUser(input);
    const saved = await input.services.menuEditor.saveDependency({ menuId, dependencyId: null, data: input.body }, context);
    await input.readYourWrites(saved.position);
    return { success: true as const, id: saved.id };
  },
});

export type Answer = AnswerOf<typeof action>;
