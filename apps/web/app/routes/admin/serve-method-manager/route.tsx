import { useState } from 'react';
import type { Route } from './+types/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { ServeMethodForm } from '#app/staff-area/guide-forms';
import { ListEditor } from '#app/staff-area/list-editor';
import { MenuChoice, useMenuServeMethods } from '#app/staff-area/menu-choice';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { adminPageTitle } from '#app/admin-area/title';
import { staffScreenName } from '#app/areas/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(a.serveManagerTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /admin/serve-method-manager: per menu item, how it is served — steps with text and photos, as /staff/serve-method shows them. */
export default function ServeMethodManager() {
  const { storeId, ready } = useAreaStore();
  const [menuId, setMenuId] = useState('');
  const { menus, methods } = useMenuServeMethods(storeId, menuId);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  const failed = menus.failed ? menus : methods.failed ? methods : null;
  return (
    <div className="sa-page" data-ready={ready && menus.data ? 'true' : undefined}>
      <h2>{a.serveManagerTitle}</h2>
      <p className="hint">{a.shownOnStaff(staffScreenName('serve-method'))}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void failed.reload()} />}
      {!menus.data && !menus.failed && <Loading />}
      {menus.data && <MenuChoice menus={menus.data} menuId={menuId} onChange={setMenuId} />}
      {menuId && !methods.data && !methods.failed && <Loading />}
      {storeId && menuId && methods.data && (
        <ListEditor
          kind="serve-method"
          storeId={storeId}
          items={methods.data}
          collectionUrl="/api/serve-methods"
          itemUrl={(id) => `/api/serve-methods/${encodeURIComponent(id)}`}
          name={(m) => m.title || a.stepsTitle}
          view={(m) => (
            <div>
              <strong>{m.title || a.stepsTitle}</strong>
              <ol>
                {m.steps.map((s) => (
                  <li key={s.id}>{s.step_text}</li>
                ))}
              </ol>
            </div>
          )}
          toForm={(m) => ({ title: m.title, steps: m.steps.map((s) => ({ text: s.step_text, photos: s.photos })) })}
          Form={ServeMethodForm}
          fixed={{ menu_id: menuId }}
          empty={a.noServeMethods}
          addTitle={a.newServeMethod}
          reload={methods.reload}
        />
      )}
    </div>
  );
}
