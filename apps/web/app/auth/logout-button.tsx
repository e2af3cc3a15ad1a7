import { Form } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { localizedAuthTexts } from './texts';

/** Signs out by a POST to /logout (never a link: a prefetch or a crawler must not sign anyone out). */
export function LogoutButton({ secondary = false }: { secondary?: boolean }) {
  const authTexts = useTexts(localizedAuthTexts);
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={secondary ? 'button secondary' : 'button'}>
        {authTexts.logoutButton}
      </button>
    </Form>
  );
}
