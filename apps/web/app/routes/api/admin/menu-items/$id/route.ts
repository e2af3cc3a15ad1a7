import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { idParam, menuBody, menuEditorCall, removeBody } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * PUT /api/admin/menu-items/{id} {…item} (admin): the item replaced (its store stays).
 * DELETE /api/admin/menu-items/{id} {"remove": true} (admin): the item removed with its options
 * and dependencies — refused (409, `menu_in_use`) while a reservation or order names it: hide it then.
 */
export const action = jsonCall({
  methods: ['PUT', 'DELETE'],
  body: z.union([removeBody, menuBody]),
  ...menuEditorCall,
  async handle(input) {
    const id = idParam(input.params, 'id');
    const { context } = await actingUser(input);
    const body = input.body;
    // Whether an order or reservation names the item is read from the read models: everything
    // stored so far is in them first (an order placed a moment ago keeps it, decision 483).
    if ('remove' in body) await input.readAllWrites();
    const result =
      'remove' in body ? await input.services.menuEditor.removeMenu({ id }, context) : await input.services.menuEditor.updateMenu({ id, data: body }, context);
    await input.readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
