import { jsonCall, refuse } from '#app/http/json.server';
import { settingsTexts as t } from '#app/site-settings/texts';

/** GET /api/admin/homepage-settings/images/{id} (public): a homepage card's picture; content-addressed, so cached for good. */
export const loader = jsonCall({
  async handle({ params, services }) {
    const id = params.id ?? '';
    const image = await services.cardImages.read(id);
    if (!image) return refuse(404, t.uploadFailed);
    return new Response(new Blob([image.bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'Content-Type': image.mediaType, 'Content-Length': String(image.size), 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  },
});
