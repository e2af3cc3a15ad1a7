import { imageUpload } from '#app/http/image-upload.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';
import { settingsTexts as t } from '#app/site-settings/texts';

/**
 * POST /api/admin/homepage-settings/images (the picture's bytes; admin): keeps a homepage card's
 * picture in the blob store and answers the URL the card's `image_url` takes. PNG, JPEG or WebP by
 * their bytes, 2 MiB at most; anything else is refused and nothing is stored (decision 032, 133).
 */
export const action = jsonCall({
  ...imageUpload({ refusedType: t.uploadRefusedType, tooLarge: t.uploadTooLarge }),
  async handle(input) {
    await actingUser(input);
    const image = await input.services.cardImages.upload({ bytes: input.body });
    return { success: true, id: image.id, image_url: `/api/admin/homepage-settings/images/${image.id}` };
  },
});

export type Answer = AnswerOf<typeof action>;
