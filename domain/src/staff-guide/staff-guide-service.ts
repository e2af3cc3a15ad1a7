import { saveRecord } from '../catalog/catalog-service';
import type { CatalogInput } from '../catalog/registry';
import type { CommandContext, HandlerDeps } from '../command-handler';
import { DomainError } from '../decider';
import type { BlobInfo, BlobStore } from '../ports';

/**
 * Recipes and serve methods with their photos (docs/decisions/084-staff-guides.md). Photos are
 * blobs of kind `staff-photo`: uploaded by an admin, one call per picture, and readable by
 * everyone who may use the staff area (the route table decides who that is).
 */
const STAFF_PHOTO = 'staff-photo';

export type StaffGuideErrorCode = 'photo_not_found';

export function staffGuideService(ports: HandlerDeps & { blobs: BlobStore }) {
  /** Every photo a record names must have been uploaded as a staff photo. */
  async function checkPhotos(steps: readonly { photos?: readonly string[] | undefined }[], photos: readonly string[] = []) {
    const ids = new Set([...photos, ...steps.flatMap((s) => s.photos ?? [])]);
    for (const id of ids) {
      if ((await ports.blobs.owners(id, STAFF_PHOTO)).length === 0) throw new DomainError<StaffGuideErrorCode>('photo_not_found', 'photo_not_found', { id });
    }
  }

  return {
    /** Keeps a picture; throws `blob_type_refused` (not PNG, JPEG or WebP by its bytes) or `blob_too_large`. */
    uploadPhoto(input: { bytes: Uint8Array }, context: CommandContext): Promise<BlobInfo> {
      return ports.blobs.put({ bytes: input.bytes, kind: STAFF_PHOTO, owner: `account:${context.actor}` });
    },

    /** A staff photo, or null for an id that names none (or another kind of picture). */
    async readPhoto(id: string) {
      if ((await ports.blobs.owners(id, STAFF_PHOTO)).length === 0) return null;
      return ports.blobs.read(id);
    },

    async saveRecipe(input: { id: string; data: CatalogInput<'recipe'> }, context: CommandContext) {
      await checkPhotos(input.data.steps ?? [], input.data.photos);
      return saveRecord(ports, { kind: 'recipe', id: input.id, data: input.data }, context);
    },

    async saveServeMethod(input: { id: string; data: CatalogInput<'serve-method'> }, context: CommandContext) {
      await checkPhotos(input.data.steps ?? []);
      return saveRecord(ports, { kind: 'serve-method', id: input.id, data: input.data }, context);
    },
  };
}

export type StaffGuideService = ReturnType<typeof staffGuideService>;
