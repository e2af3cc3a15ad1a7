import { MENU_IMAGE_MAX_UPLOAD_BYTES } from '@moncafe/domain/catalog/menu-editor-service';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuEditorCall } from '#app/menu-editor/calls.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * POST /api/admin/menu-images (the picture's bytes; admin): a menu picture, resized and kept in
 * the blob store; answers its id and the `image_url` to save on the item. Not a PNG, JPEG or
 * WebP (by its bytes): 415; over 8 MiB: 413 — with the reason in words, nothing stored.
 */
export const action = jsonCall({
  body: 'bytes',
  // Twice the limit, so that a photo a little too large hears the service's clear answer.
  maxBodyBytes: 2 * MENU_IMAGE_MAX_UPLOAD_BYTES,
  ...menuEditorCall,
  async handle(input) {
    const { context } = await actingUser(input);
    const image = await input.services.menuEditor.uploadImage({ bytes: input.body }, context);
    return { success: true as const, id: image.id, url: image.url };
  },
});

export type Answer = AnswerOf<typeof action>;
