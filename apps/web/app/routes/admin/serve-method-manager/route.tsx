import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { pageTitle } from '#app/layout/texts';
import type { Answer as MenuAnswer } from '#app/routes/api/admin/menu/route';
import type { Answer as ServeAnswer } from '#app/routes/api/serve-methods/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { ServeMethodForm } from '#app/staff-area/guide-forms';
import { ListEditor } from '#app/staff-area/list-editor';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { yenAmount } from '#app/shared/yen';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(a.serveManagerTitle) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /admin/serve-method-manager: per menu item, how it is served — steps with text and photos, as /staff/serve-method shows them. */
export default function ServeMethodManager() {
  const { storeId, ready } = useAreaStore();
  const [menus, setMenus] = useState<MenuAnswer | null>(null);
  const [menuId, setMenuId] = useState('');
  const [methods, setMethods] = useState<ServeAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!storeId) return;
    void callJson<MenuAnswer>(`/api/admin/menu?store_id=${encodeURIComponent(storeId)}`).then((r) => {
      setMenus(r.ok ? r.body : []);
      setFailed(!r.ok);
    });
  }, [storeId]);
  const load = useCallback(async () => {
    if (!menuId) return setMethods(null);
    const r = await callJson<ServeAnswer>(`/api/serve-methods?menu_id=${encodeURIComponent(menuId)}`, { noStore: true });
    setMethods(r.ok ? r.body : null);
    setFailed(!r.ok);
  }, [menuId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-ready={ready && menus ? 'true' : undefined}>
      <h2>{a.serveManagerTitle}</h2>
      <p className="hint">{a.shownOnStaff('/staff/serve-method')}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!menus && <Loading />}
      {menus && (
        <label className="field">
          {t.menuLabel}
          <select value={menuId} onChange={(e) => setMenuId(e.target.value)}>
            <option value="">{t.menuPlaceholder}</option>
            {menus.map((m) => (
              <option key={m.id} value={m.id}>
                {t.menuOption(m.name, yenAmount(m.price))}
              </option>
            ))}
          </select>
        </label>
      )}
      {menuId && !methods && !failed && <Loading />}
      {storeId && menuId && methods && (
        <ListEditor
          kind="serve-method"
          storeId={storeId}
          items={methods}
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
          reload={load}
        />
      )}
    </div>
  );
}
