import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { totalPrice } from '#app/cart/cart';
import { cartActions, readCart, useCart } from '#app/cart/cart-store';
import { OptionalImage } from '#app/layout/optional-image';
import type { Answer as CoursesAnswer } from '#app/routes/api/customer/menu/route';
import { yenAmount } from '#app/shared/yen';
import { pageTitle } from '#app/layout/texts';
import { callJson } from '#app/http/api-client';
import { readSession, startSession, writeSession } from '#app/reservation/session';
import { endReservation } from '#app/reservation/use-reservation-session';
import { reservationTexts as t } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = () => [{ title: pageTitle(t.menuTitle) }];
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

type Course = CoursesAnswer['menus'][number];

/** /reservation: the courses to book and the cart, emptied on every visit (customer-site.md §2). */
export default function ReservationMenu() {
  const cart = useCart();
  const navigate = useNavigate();
  const [courses, setCourses] = useState<Course[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    endReservation();
    void callJson<CoursesAnswer>('/api/customer/menu').then((r) => {
      // A failed fetch is logged by the client and shown as an empty list (customer-site.md §7), with a note.
      setFailed(!r.ok);
      setCourses(r.ok ? r.body.menus : []);
    });
  }, []);

  const add = (course: Course) => {
    // The reservation session starts with the first item in the cart.
    if (readCart().length === 0 || !readSession()) writeSession(startSession(Date.now()));
    cartActions.add({ menu_id: course.id, name: course.name, price: course.price });
  };
  const remove = (menuId: string) => {
    cartActions.removeOne(menuId);
    if (readCart().length === 0) endReservation();
  };

  return (
    <article className="page rsv-page">
      <Link to="/moncafe" className="button secondary rsv-back">
        {t.backToTop}
      </Link>
      <h1>{t.menuTitle}</h1>
      {courses === null && <p role="status">{t.loading}</p>}
      {courses?.length === 0 && (
        <p className={failed ? 'rsv-message' : 'empty'} role={failed ? 'alert' : 'status'} data-testid="no-courses">
          {failed ? t.coursesFailed : t.noCourses}
        </p>
      )}
      <ul className="rsv-list" data-testid="courses">
        {courses?.map((c) => (
          <li key={c.id} className="card rsv-course" data-testid="course">
            <OptionalImage src={c.image_url} className="card-image" />
            <div>
              <h2 className="card-title">{c.name}</h2>
              <p className="price">{yenAmount(c.price)}</p>
              {c.description && <p className="card-description">{c.description}</p>}
              <button type="button" className="button" onClick={() => add(c)}>
                {t.addToCart}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <section className="card rsv-cart" aria-label={t.cartTitle} data-testid="cart">
        <h2>{t.cartTitle}</h2>
        {cart.length === 0 ? (
          <p className="empty">{t.cartEmpty}</p>
        ) : (
          <ul>
            {cart.map((line) => (
              <li key={line.menu_id}>
                <span>
                  {line.name} x {line.quantity} = {yenAmount(line.price * line.quantity)}
                </span>
                <button type="button" className="button secondary" onClick={() => remove(line.menu_id)}>
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="rsv-total" aria-live="polite" data-testid="cart-total">
          {t.total}: {yenAmount(totalPrice(cart))}
        </p>
        <button type="button" className="button" disabled={cart.length === 0} onClick={() => void navigate('/reservation/day')}>
          {t.proceedToDay}
        </button>
      </section>
    </article>
  );
}
