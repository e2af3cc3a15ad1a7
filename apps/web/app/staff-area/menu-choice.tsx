import type { Answer as MenuAnswer } from '#app/routes/api/admin/menu/route';
import type { Answer as ServeAnswer } from '#app/routes/api/serve-methods/route';
import { yenAmount } from '#app/shared/yen';
import { Choices } from './components';
import { useLoad } from '#app/shared/use-load';
import { staffTexts as t } from './texts';

/**
 * The serve-method screens' menu dropdown (name and price, from the store's menu) and the chosen
 * menu's serve methods: the staff screen and its admin editor read the same.
 */
export function useMenuServeMethods(storeId: string | null, menuId: string) {
  const menus = useLoad<MenuAnswer>(storeId ? `/api/admin/menu?store_id=${encodeURIComponent(storeId)}` : null);
  const methods = useLoad<ServeAnswer>(menuId ? `/api/serve-methods?menu_id=${encodeURIComponent(menuId)}` : null);
  return { menus, methods };
}

export function MenuChoice({ menus, menuId, onChange }: { menus: MenuAnswer; menuId: string; onChange(menuId: string): void }) {
  return (
    <label className="field">
      {t.menuLabel}
      <Choices
        value={menuId}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t.menuPlaceholder}
        options={menus.map((m) => ({ value: m.id, label: t.menuOption(m.name, yenAmount(m.price)) }))}
      />
    </label>
  );
}
