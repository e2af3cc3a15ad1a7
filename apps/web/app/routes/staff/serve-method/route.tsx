import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { pageTitle } from '#app/layout/texts';
import type { Answer as MenuAnswer } from '#app/routes/api/admin/menu/route';
import type { Answer as ServeAnswer } from '#app/routes/api/serve-methods/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { StepPhotos } from '#app/staff-area/photo-gallery';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { yenAmount } from '#app/shared/yen';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(t.serveTitle) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/serve-method: a menu chosen by name and price, and how it is served, step by step with photos. */
export default function StaffServeMethod() {
  const { storeId, ready } = useAreaStore();
  const [menus, setMenus] = useState<MenuAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [menuId, setMenuId] = useState('');
  const [methods, setMethods] = useState<ServeAnswer | null>(null);

  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const r = await callJson<MenuAnswer>(`/api/admin/menu?store_id=${encodeURIComponent(storeId)}`);
    setMenus(r.ok ? r.body : []);
    setFailed(!r.ok);
  }, [storeId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    setMethods(null);
    if (!menuId) return;
    void callJson<ServeAnswer>(`/api/serve-methods?menu_id=${encodeURIComponent(menuId)}`, { noStore: true }).then((r) => setMethods(r.ok ? r.body : []));
  }, [menuId]);

  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return (
    <div className="sa-page" data-ready={ready && menus ? 'true' : undefined}>
      <h2>{t.serveTitle}</h2>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!menus && <Loading />}
      {menus && menus.length === 0 && !failed && <p className="empty">{t.noMenus}</p>}
      {menus && menus.length > 0 && (
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
      {menus && menus.length > 0 && !menuId && <p className="hint">{t.chooseMenu}</p>}
      {menuId && !methods && <Loading />}
      {methods && methods.length === 0 && <p className="empty">{t.noServeMethods}</p>}
      {methods?.map((method) => (
        <article key={method.id} className="card sa-recipe" data-testid="serve-method">
          {method.title && <h3>{method.title}</h3>}
          {method.steps.length === 0 ? (
            <p className="empty">{t.noSteps}</p>
          ) : (
            <ol className="sa-steps">
              {method.steps.map((s) => (
                <li key={s.id}>
                  <p className="sa-pre">{s.step_text}</p>
                  <StepPhotos photos={s.photos} step={s.step_number} />
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
    </div>
  );
}
