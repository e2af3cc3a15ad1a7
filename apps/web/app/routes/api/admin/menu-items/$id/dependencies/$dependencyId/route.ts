import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { dependencyBody, idParam, menuEditorCall, removeBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/** PUT /api/admin/menu-items/{id}/dependencies/{dependencyId} {…rule} (admin) replaces it; DELETE {"remove": true} removes it. */
export const action = jsonCall({
  methods: ['PUT', 'DELETE'],
  body: z.union([removeBody, dependencyBody]),
  ...menuEditorCall,
  async handle(input) {
    const menuId = idParam(input.params, 'id');
    const dependencyId = idParam(input.params, 'dependencyId');
    const { context } = await actingUser(input);
    const body = input.body;
    const result =
      'remove' in body
        ? await input.services.menuEditor.removeDependency({ menuId, dependencyId }, context)
        : await input.services.menuEditor.saveDependency({ menuId, dependencyId, data: body }, context);
    await input.readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
