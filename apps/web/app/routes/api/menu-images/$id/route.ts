import { jsonCall, refuse } from '#app/http/json.server';
import { menuEditorTexts as t } from '#app/menu-editor/texts';

/**
 * GET /api/menu-images/{id} (public): a menu picture. Content-addressed (the id is the SHA-256 of
 * the bytes), so browsers and shared caches may keep it for good; a new picture is a new address.
 */
export const loader = jsonCall({
  async handle({ params, services }) {
    const image = await services.menuEditor.readImage(params.id ?? '');
    if (!image) return refuse(404, t.imageNotFound);
    return new Response(new Blob([image.bytes as Uint8Array<ArrayBuffer>]), {
      headers: {
        'Content-Type': image.mediaType,
        'Content-Length': String(image.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: `"${image.id}"`,
      },
    });
  },
});
