import { Form } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { forgetTabletScreens } from '#app/areas/tablet-app';
import { localizedAuthTexts } from './texts';

/**
 * Signs out by a POST to /logout (never a link: a prefetch or a crawler must not sign anyone out),
 * and has a tablet forget the screens it kept for the person signing out (decision 664).
 */
export function LogoutButton({ secondary = false }: { secondary?: boolean }) {
  const authTexts = useTexts(localizedAuthTexts);
  return (
    <Form method="post" action="/logout" onSubmit={() => void forgetTabletScreens()}>
      <button type="submit" className={secondary ? 'button secondary' : 'button'}>
        {authTexts.logoutButton}
      </button>
    </Form>
  );
}
