import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/route';
import { blankItem, ItemForm, saveItem } from '#app/menu-editor/item-form';
import menuEditorCss from '#app/menu-editor/menu-editor.css?url';
import { menuEditorTexts as t } from '#app/menu-editor/texts';
import { NoticeLine, StoreRequired, useAreaStore, type Notice } from '#app/staff-area/components';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.addTitle, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: menuEditorCss },
];

/** /admin/menu-add: a new item of the chosen store, with every field; options are added on the manager. */
export default function MenuAdd() {
  const { storeId, ready } = useAreaStore();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-ready={ready ? 'true' : undefined}>
      <h2>{t.addTitle}</h2>
      <p className="hint">{t.addLead}</p>
      <NoticeLine notice={notice} />
      {created && (
        <p>
          <Link to={`/admin/menu-manager?item=${encodeURIComponent(created)}`}>{t.managerLink}</Link>
        </p>
      )}
      {storeId && (
        <ItemForm
          key={formKey}
          initial={blankItem}
          busy={busy}
          submitLabel={t.create}
          onSave={(draft) => {
            setBusy(true);
            setNotice(null);
            // Appended after the store's items: the manager reorders.
            void saveItem(storeId, null, draft, 1000).then((result) => {
              setBusy(false);
              if ('error' in result) return setNotice({ kind: 'error', text: result.error });
              setNotice({ kind: 'ok', text: t.created(draft.name) });
              setCreated(result.id);
              setFormKey((k) => k + 1);
            });
          }}
        />
      )}
    </div>
  );
}
