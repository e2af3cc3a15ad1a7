import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { reservationCourses } from '#app/reservation/courses.server';

/** GET /api/customer/menu: the reservation courses (menu items with show_on_reservation) of the site's store. */
export const loader = jsonCall({
  async handle({ queries }) {
    return { menus: (await reservationCourses(queries)) ?? refuse(404, callTexts.noStore) };
  },
});

export type Answer = AnswerOf<typeof loader>;
