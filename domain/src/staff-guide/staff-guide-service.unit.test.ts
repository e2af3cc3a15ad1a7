import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { memoryBlobStore } from '../testing/memory-blob-store';
import { memoryEventStore } from '../testing/memory-event-store';
import { testIds } from '../testing/test-ids';
import { staffGuideService } from './staff-guide-service';

const context = { correlationId: 'c', actor: 'owner' };

describe('recipes and serve methods', () => {
  it('accept only photos uploaded as staff photos, and serve those alone', async () => {
    const blobs = memoryBlobStore();
    const guides = staffGuideService({ eventStore: memoryEventStore(), ids: testIds, blobs });
    const photo = await guides.uploadPhoto({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) }, context);
    const other = await blobs.put({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]), kind: 'reservation-image', owner: 'session:x' });

    const recipe = { store_id: '2', name: 'ナポリタン', photos: [photo.id], steps: [{ text: '麺を茹でる', photos: [photo.id] }] };
    expect((await guides.saveRecipe({ id: 'r1', data: recipe }, context)).events).toHaveLength(1);
    await expect(guides.saveRecipe({ id: 'r1', data: { ...recipe, photos: [other.id] } }, context)).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'photo_not_found',
    );
    await expect(
      guides.saveServeMethod({ id: 'm1', data: { store_id: '2', menu_id: 'menu-blend', steps: [{ text: 'カップを温める', photos: [other.id] }] } }, context),
    ).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'photo_not_found');

    expect(await guides.readPhoto(photo.id)).toMatchObject({ id: photo.id });
    expect(await guides.readPhoto(other.id)).toBeNull();
  });
});
