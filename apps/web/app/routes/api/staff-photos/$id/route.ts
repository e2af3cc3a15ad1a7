import { jsonCall, refuse } from '#app/http/json.server';
import { staffTexts as t } from '#app/staff-area/texts';

/**
 * GET /api/staff-photos/{id} (staff or admin): a recipe or serve-method photo. Content-addressed,
 * so a browser may keep it for good (privately: the staff area is not public).
 */
export const loader = jsonCall({
  async handle({ params, services }) {
    const photo = await services.staffGuides.readPhoto(params.id ?? '');
    if (!photo) return refuse(404, t.loadFailed);
    return new Response(new Blob([photo.bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'Content-Type': photo.mediaType, 'Content-Length': String(photo.size), 'Cache-Control': 'private, max-age=31536000, immutable' },
    });
  },
});
