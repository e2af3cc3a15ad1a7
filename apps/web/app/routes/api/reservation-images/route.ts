import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { imageUpload } from '#app/http/image-upload.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { reservationTexts as t } from '#app/reservation/texts';

/**
 * POST /api/reservation-images (the picture's bytes): keeps a picture for an image option, for
 * this browser's reservation session, and answers its id for send-confirmation's `detail`. Only
 * PNG, JPEG and WebP, by their bytes (decision 032).
 */
export const action = jsonCall({
  ...imageUpload({ refusedType: t.imageRefused, tooLarge: t.imageTooLarge }),
  limits: ({ clientAddress }) => (clientAddress ? [{ key: `reservation-images:ip:${clientAddress}`, ...rateLimits.reservationImagesPerIp }] : []),
  async handle({ body, services, reservationSession }) {
    const image = await services.reservationImages.upload({ bytes: body, sessionId: reservationSession() });
    return { success: true, image_id: image.id };
  },
});

export type Answer = AnswerOf<typeof action>;
