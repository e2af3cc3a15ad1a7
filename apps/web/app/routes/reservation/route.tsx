import { useEffect } from 'react';
import { fallbackLang, pageLanguageOf, useFormat, useTexts } from '#app/i18n/language';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import { appOf } from '#app/context';
import { totalPrice } from '#app/cart/cart';
import { OptionalImage } from '#app/layout/optional-image';
import { storeTitleMeta } from '#app/layout/store-title';
import { reservationCourses } from '#app/reservation/courses.server';
import { storeChoiceOf } from '#app/reservation/store-choice.server';
import { StoreChoiceNav } from '#app/reservation/store-choice-nav';
import { useFlowStore } from '#app/reservation/store-choice';
import { reservationCart } from '#app/reservation/reservation-cart';
import { SessionCountdown } from '#app/reservation/reservation-summary';
import { isExpired, readSession, startSession, writeSession } from '#app/reservation/session';
import { endReservation } from '#app/reservation/use-reservation-session';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = storeTitleMeta(localizedReservationTexts, (t) => t.menuTitle);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/**
 * The courses of the chosen store (`?store=`, checked against the open stores), rendered on the
 * server: the list is in the page's first paint and nothing below it moves. A store that is not
 * open shows no courses and says so (decision 406).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const { queries } = app;
  const choice = await storeChoiceOf(queries, request);
  const courses = choice.refused ? [] : ((await reservationCourses(queries, app.today(), pageLanguageOf(request), choice.storeId)) ?? []);
  return { courses, choice };
}

type Course = Route.ComponentProps['loaderData']['courses'][number];

/** Adds a course to the reservation's cart; the reservation session starts with the first one. */
function addCourse(course: Course) {
  if (reservationCart.read().length === 0 || !readSession()) writeSession(startSession(Date.now()));
  // The cart holds the price the guest is shown, tax included (decision 632): its total is what they pay.
  reservationCart.actions.add({ menu_id: course.id, name: course.name, price: course.price_with_tax });
}

/**
 * /reservation: the courses to book and the cart. The spec fetches the courses from GET
 * /api/customer/menu; the page renders the same list on the server (decision 107). The spec empties the cart on every visit; a
 * booking whose session still runs keeps it, so coming back to change a course loses nothing
 * (decision 101). `?course=id` (the public menu's 予約する links) puts that course in the cart.
 */
export default function ReservationMenu({ loaderData }: Route.ComponentProps) {
  const t = useTexts(localizedReservationTexts);
  const format = useFormat();
  const { courses, choice } = loaderData;
  const store = useFlowStore();
  const cart = reservationCart.useLines();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('course');

  useEffect(() => {
    const session = readSession();
    if (!session || isExpired(session, Date.now())) endReservation();
  }, []);

  useEffect(() => {
    if (!wanted) return;
    const course = courses.find((c) => c.id === wanted);
    if (course && !reservationCart.read().some((l) => l.menu_id === course.id)) addCourse(course);
    setParams(
      (current) => {
        current.delete('course');
        return current;
      },
      { replace: true },
    );
  }, [wanted, courses, setParams]);

  const removeLine = (menuId: string) => {
    reservationCart.actions.removeLine(menuId);
    if (reservationCart.read().length === 0) endReservation();
  };

  return (
    <article className="page rsv-page">
      <Link to="/moncafe" className="button secondary rsv-back">
        {t.backToTop}
      </Link>
      <h1>{t.menuTitle}</h1>
      <StoreChoiceNav choice={choice} path="/reservation" label={t.storeChoice} onChange={endReservation} />
      {choice.refused && (
        <p className="load-error" role="alert" data-testid="unknown-store">
          {t.unknownStore}
        </p>
      )}
      {courses.length === 0 && !choice.refused && (
        <p className="empty" role="status" data-testid="no-courses">
          {t.noCourses}
        </p>
      )}
      <ul className="rsv-list" data-testid="courses">
        {courses.map((c, i) => (
          <li key={c.id} className="card rsv-course" data-testid="course">
            <OptionalImage src={c.image_url} className="card-image" width={96} height={96} eager={i === 0} />
            <div>
              <h2 className="card-title" lang={fallbackLang(format.language, c.name_en)}>
                {c.name}
              </h2>
              <p className="price">{format.yen(c.price_with_tax)}</p>
              {c.description && (
                <p className="card-description" lang={fallbackLang(format.language, c.description_en)}>
                  {c.description}
                </p>
              )}
              <button type="button" className="button" onClick={() => addCourse(c)}>
                {t.addToCart}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <section className="card rsv-cart" aria-labelledby="cart-title" data-testid="cart">
        <div className="rsv-summary-head">
          <h2 id="cart-title">{t.cartTitle}</h2>
          <SessionCountdown />
        </div>
        {cart.length === 0 ? (
          <p className="empty">{t.cartEmpty}</p>
        ) : (
          <ul>
            {cart.map((line) => (
              <li key={line.menu_id} data-testid="cart-line">
                <span className="rsv-line-name">
                  {line.name} x {line.quantity} = {format.yen(line.price * line.quantity)}
                </span>
                <span className="rsv-quantity">
                  <button
                    type="button"
                    className="rsv-step"
                    aria-label={t.decrease(line.name)}
                    disabled={line.quantity <= 1}
                    onClick={() => reservationCart.actions.setQuantity(line.menu_id, line.quantity - 1)}
                  >
                    −
                  </button>
                  <button
                    type="button"
                    className="rsv-step"
                    aria-label={t.increase(line.name)}
                    onClick={() => reservationCart.actions.setQuantity(line.menu_id, line.quantity + 1)}
                  >
                    +
                  </button>
                  <button type="button" className="button secondary" aria-label={t.removeLine(line.name)} onClick={() => removeLine(line.menu_id)}>
                    {t.remove}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="rsv-total" aria-live="polite" data-testid="cart-total">
          {t.total}: {format.yen(totalPrice(cart))}
        </p>
        <button type="button" className="button" disabled={cart.length === 0} onClick={() => void navigate(store.to('/reservation/day'))}>
          {t.proceedToDay}
        </button>
      </section>
    </article>
  );
}
