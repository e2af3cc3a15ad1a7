import { DEFAULT_MAX_BLOB_BYTES } from '@moncafe/infra/blobs/postgres-blob-store';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';
import { adminStaffTexts as a } from '#app/staff-area/texts';

/**
 * POST /api/staff-photos (the picture's bytes; admin): keeps a recipe or serve-method photo and
 * answers its id for the record's `photos`. PNG, JPEG or WebP by their bytes, 2 MiB at most (decision 032).
 */
export const action = jsonCall({
  body: 'bytes',
  maxBodyBytes: DEFAULT_MAX_BLOB_BYTES,
  errors: {
    blob_type_refused: { status: 415, error: a.photoRefused },
    blob_too_large: { status: 413, error: a.photoTooLarge },
  },
  async handle(input) {
    const { context } = await actingUser(input);
    const photo = await input.services.staffGuides.uploadPhoto({ bytes: input.body }, context);
    return { success: true, id: photo.id };
  },
});

export type Answer = AnswerOf<typeof action>;
