import { useState } from 'react';
import type { Route } from './+types/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { MenuChoice, useMenuServeMethods } from '#app/staff-area/menu-choice';
import { GuideSteps } from '#app/staff-area/photo-gallery';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.serveTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/serve-method: a menu chosen by name and price, and how it is served, step by step with photos. */
export default function StaffServeMethod() {
  const { storeId, ready } = useAreaStore();
  const [menuId, setMenuId] = useState('');
  const { menus, methods } = useMenuServeMethods(storeId, menuId);

  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return (
    <div className="sa-page" data-ready={ready && menus.data ? 'true' : undefined}>
      <h2>{t.serveTitle}</h2>
      {menus.failed && <LoadError message={t.loadFailed} onRetry={() => void menus.reload()} />}
      {!menus.data && !menus.failed && <Loading />}
      {menus.data?.length === 0 && <p className="empty">{t.noMenus}</p>}
      {menus.data && menus.data.length > 0 && <MenuChoice menus={menus.data} menuId={menuId} onChange={setMenuId} />}
      {menus.data && menus.data.length > 0 && !menuId && <p className="hint">{t.chooseMenu}</p>}
      {menuId && !methods.data && !methods.failed && <Loading />}
      {methods.failed && <LoadError message={t.loadFailed} onRetry={() => void methods.reload()} />}
      {methods.data?.length === 0 && <p className="empty">{t.noServeMethods}</p>}
      {methods.data?.map((method) => (
        <article key={method.id} className="card sa-recipe" data-testid="serve-method">
          {method.title && <h3>{method.title}</h3>}
          <GuideSteps steps={method.steps} />
        </article>
      ))}
    </div>
  );
}
