import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One message and the way on from it, as a card: a sign-in that failed, a confirmation link that
 * expired or names nothing, a page that needs a signed-in customer. An error is announced
 * (`role="alert"`); a plain request to act is not.
 */
export function MessageCard(props: {
  title: string;
  body: ReactNode;
  link: { to: string; label: string };
  /** Announce it at once, as an error is. */
  alert?: boolean;
  className?: string;
  testId?: string;
  /** What sits between the text and the way on (a list, a picture). */
  children?: ReactNode;
}) {
  return (
    <section className={props.className ?? 'card'} role={props.alert ? 'alert' : undefined} data-testid={props.testId}>
      <h1>{props.title}</h1>
      <p>{props.body}</p>
      {props.children}
      <Link to={props.link.to} className="button">
        {props.link.label}
      </Link>
    </section>
  );
}
