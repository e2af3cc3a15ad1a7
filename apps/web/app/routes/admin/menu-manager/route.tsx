import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { draftOf, failureText, ItemForm, saveItem, type EditorItem } from '#app/menu-editor/item-form';
import menuEditorCss from '#app/menu-editor/menu-editor.css?url';
import { OptionsEditor } from '#app/menu-editor/options-editor';
import { menuEditorTexts as t } from '#app/menu-editor/texts';
import type { Answer as MenuItemsAnswer } from '#app/routes/api/admin/menu-items/route';
import { formatYen } from '#app/shared/yen';
import { AskDialog, LoadError, Loading, NoticeLine, StoreRequired, useAreaStore, type Notice } from '#app/staff-area/components';
import { useLoad } from '#app/shared/use-load';
import { RowActions } from '#app/staff-area/row-actions';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.managerTitle, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: menuEditorCss },
];

function placesOf(item: EditorItem): string[] {
  const places: string[] = [];
  if (item.show_on_menu) places.push(t.placeMenu);
  if (item.show_on_reservation) places.push(t.placeReservation);
  if (item.show_on_order) places.push(t.placeOrder);
  return places;
}

/**
 * /admin/menu-manager: the chosen store's items, hidden ones too — reorder, edit every field,
 * options with their display rules and a preview, hide, and remove what nothing refers to.
 */
export default function MenuManager() {
  const { storeId, ready } = useAreaStore();
  const [search] = useSearchParams();
  const { data, failed, reload } = useLoad<MenuItemsAnswer>(storeId ? `/api/admin/menu-items?store_id=${encodeURIComponent(storeId)}` : null);
  const [editing, setEditing] = useState<string | null>(null);
  const [optionsOf, setOptionsOf] = useState<string | null>(search.get('item'));
  const [asking, setAsking] = useState<{ item: EditorItem; action: 'hide' | 'remove' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  const items = data?.items ?? [];

  async function run(call: () => ReturnType<typeof callJson>, done: string) {
    setBusy(true);
    setNotice(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) return setNotice({ kind: 'error', text: failureText(r) });
    setNotice({ kind: 'ok', text: done });
    await reload();
  }
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(() => callJson('/api/admin/menu-items/order', { body: { ids } }), t.saved);
  };

  return (
    <div className="sa-page" data-ready={ready && data ? 'true' : undefined}>
      <h2>{t.managerTitle}</h2>
      <p className="hint">{t.managerLead}</p>
      <p>
        <Link to="/admin/menu-add" className="button secondary">
          {t.addLink}
        </Link>
      </p>
      <NoticeLine notice={notice} />
      {failed && <LoadError message={t.loadFailed} onRetry={() => void reload()} />}
      {!data && !failed && <Loading />}
      {data && items.length === 0 && <p className="empty">{t.empty}</p>}
      {data && items.length > 0 && (
        <ol className="sa-list" data-testid="menu-list">
          {items.map((item, index) => (
            <li key={item.id} data-id={item.id} data-testid={`menu-row-${item.id}`}>
              <span className="sa-number">{index + 1}</span>
              {editing === item.id && storeId ? (
                <ItemForm
                  initial={draftOf(item)}
                  busy={busy}
                  submitLabel={t.save}
                  onCancel={() => setEditing(null)}
                  onSave={(draft) => {
                    setBusy(true);
                    setNotice(null);
                    void saveItem(storeId, item, draft, item.display_order).then(async (result) => {
                      setBusy(false);
                      if ('error' in result) return setNotice({ kind: 'error', text: result.error });
                      setNotice({ kind: 'ok', text: t.saved });
                      setEditing(null);
                      await reload();
                    });
                  }}
                />
              ) : (
                <div className="me-row">
                  {item.image_url ? <img src={item.image_url} alt={t.imageAlt(item.name)} /> : <span aria-hidden="true" />}
                  <div>
                    <strong>{item.name}</strong> <span>{formatYen(item.price)}</span>
                    <span className={placesOf(item).length ? 'me-badge' : 'me-badge me-hidden'}>{t.shownOn(placesOf(item))}</span>
                    {item.manage_stock === 1 && <span className="me-badge">{item.is_sold_out ? t.soldOutBadge : t.stockBadge(item.quantity)}</span>}
                    <div className="hint">
                      {t.categories[item.category]}
                      {data.options.some((o) => o.menu_id === item.id) && ` ／ ${t.options} ${data.options.filter((o) => o.menu_id === item.id).length}`}
                    </div>
                  </div>
                </div>
              )}
              {editing !== item.id && (
                <RowActions
                  label={item.name}
                  texts={t}
                  busy={busy}
                  index={index}
                  count={items.length}
                  onEdit={() => setEditing(item.id)}
                  onMove={(step) => move(index, step)}
                  onRemove={() => setAsking({ item, action: 'remove' })}
                  afterEdit={
                    <button
                      type="button"
                      className="button secondary"
                      aria-expanded={optionsOf === item.id}
                      onClick={() => setOptionsOf(optionsOf === item.id ? null : item.id)}
                      aria-label={`${item.name} ${t.options}`}
                    >
                      {t.options}
                    </button>
                  }
                  beforeRemove={
                    <button
                      type="button"
                      className="button secondary"
                      disabled={busy || placesOf(item).length === 0}
                      onClick={() => setAsking({ item, action: 'hide' })}
                      aria-label={`${item.name} ${t.hide}`}
                    >
                      {t.hide}
                    </button>
                  }
                />
              )}
              {optionsOf === item.id && (
                <OptionsEditor
                  menuId={item.id}
                  menuName={item.name}
                  options={data.options.filter((o) => o.menu_id === item.id)}
                  dependencies={data.dependencies.filter((d) => d.menu_id === item.id)}
                  reload={reload}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {asking && (
        <AskDialog
          title={t.confirmTitle}
          body={<p>{asking.action === 'hide' ? t.confirmHide(asking.item.name) : t.confirmRemove(asking.item.name)}</p>}
          confirmLabel={asking.action === 'hide' ? t.hide : t.remove}
          cancelLabel={t.cancel}
          danger={asking.action === 'remove'}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const { item, action } = asking;
            setAsking(null);
            const url = `/api/admin/menu-items/${encodeURIComponent(item.id)}`;
            void (action === 'hide'
              ? run(() => callJson(`${url}/hide`, { body: {} }), t.hiddenDone(item.name))
              : run(() => callJson(url, { method: 'DELETE', body: { remove: true } }), t.removed(item.name)));
          }}
        />
      )}
    </div>
  );
}
