import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { idParam, menuEditorCall, optionBody, removeBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * PUT /api/admin/menu-items/{id}/options/{optionId} {…option} (admin): the option replaced.
 * DELETE … {"remove": true} (admin): the option removed with the dependencies naming it.
 */
export const action = jsonCall({
  methods: ['PUT', 'DELETE'],
  body: z.union([removeBody, optionBody]),
  ...menuEditorCall,
  async handle(input) {
    const menuId = idParam(input.params, 'id');
    const optionId = idParam(input.params, 'optionId');
    const { context } = await actingUser(input);
    const body = input.body;
    const result =
      'remove' in body
        ? await input.services.menuEditor.removeOption({ menuId, optionId }, context)
        : await input.services.menuEditor.saveOption({ menuId, optionId, data: body }, context);
    await input.readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
