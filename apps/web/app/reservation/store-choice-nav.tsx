import { Link } from 'react-router';
import type { StoreChoice } from './store-choice.server';
import { fallbackLang, useLanguage } from '#app/i18n/language';
import { withStore } from './store-choice';

/**
 * The guest's store choice (decision 406): links that keep the store in the address, shown only
 * where several stores are open, so a site with one store looks as the spec describes it.
 */
export function StoreChoiceNav({ choice, path, label, onChange }: { choice: StoreChoice; path: string; label: string; onChange?: () => void }) {
  // A store's name is the Japanese its owner wrote (decision 394).
  const own = fallbackLang(useLanguage(), undefined);
  if (choice.stores.length < 2) return null;
  return (
    <nav className="filter-buttons" aria-label={label} data-testid="store-choice">
      {choice.stores.map((s) => (
        <Link
          key={s.store_id}
          to={withStore(path, s.store_id)}
          className="filter-button"
          lang={own}
          aria-current={s.store_id === choice.storeId ? 'page' : undefined}
          onClick={s.store_id === choice.storeId ? undefined : onChange}
        >
          {s.name}
        </Link>
      ))}
    </nav>
  );
}
