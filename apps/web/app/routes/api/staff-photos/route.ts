import { imageUpload } from '#app/http/image-upload.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';
import { adminStaffTexts as a } from '#app/staff-area/texts';

/**
 * POST /api/staff-photos (the picture's bytes; admin): keeps a recipe or serve-method photo and
 * answers its id for the record's `photos`. PNG, JPEG or WebP by their bytes, 2 MiB at most (decision 032).
 */
export const action = jsonCall({
  ...imageUpload({ refusedType: a.photoRefused, tooLarge: a.photoTooLarge }),
  async handle(input) {
    const { context } = await actingUser(input);
    const photo = await input.services.staffGuides.uploadPhoto({ bytes: input.body }, context);
    return { success: true, id: photo.id };
  },
});

export type Answer = AnswerOf<typeof action>;
