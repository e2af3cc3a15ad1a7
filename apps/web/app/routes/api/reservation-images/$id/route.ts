import { z } from 'zod';
import { jsonCall, refuse } from '#app/http/json.server';
import { existingReservationSession } from '#app/http/reservation-session.server';
import { reservationTexts as t } from '#app/reservation/texts';

/**
 * GET /api/reservation-images/{id}[?token=]: a reservation's picture, to staff (admin, monitor,
 * staff), to the browser session that uploaded it, and to whoever may see its reservation (the
 * confirmation link's token, the signed-in account that booked). Anyone else: 404, as for a
 * picture that does not exist. Content-addressed, so a browser may keep it for good (privately).
 */
export const loader = jsonCall({
  query: z.object({ token: z.string().max(200).optional() }),
  async handle({ params, query, request, services, user }) {
    const signedIn = await user();
    const image = await services.reservationImages.read(params.id ?? '', {
      sessionId: existingReservationSession(request),
      staff: signedIn?.roles.some((role) => role !== 'customer') ?? false,
      accountId: signedIn?.id ?? null,
      token: query.token ?? null,
    });
    if (!image) return refuse(404, t.imageNotFound);
    return new Response(new Blob([image.bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'Content-Type': image.mediaType, 'Content-Length': String(image.size), 'Cache-Control': 'private, max-age=31536000, immutable' },
    });
  },
});
