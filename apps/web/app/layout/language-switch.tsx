import { useRevalidator } from 'react-router';
import { rememberLanguage, useLanguage, useTexts, type Language } from '#app/i18n/language';
import { localizedLayoutTexts } from './texts';

/**
 * 日本語 / English on every guest page (decision 360): the choice is kept in a cookie (no account,
 * the URL unchanged) and the page's data loaded again, so the page turns to that language in place.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const texts = useTexts(localizedLayoutTexts);
  const revalidator = useRevalidator();
  const choose = (chosen: Language) => {
    if (chosen === language) return;
    rememberLanguage(chosen);
    void revalidator.revalidate();
  };
  const choices: { language: Language; label: string }[] = [
    { language: 'ja', label: texts.japanese },
    { language: 'en', label: texts.english },
  ];
  return (
    <nav className="language-switch" aria-label={texts.languageSwitch} data-testid="language-switch">
      {choices.map((choice) => (
        <button
          key={choice.language}
          type="button"
          lang={choice.language}
          className="header-link"
          aria-pressed={choice.language === language}
          onClick={() => choose(choice.language)}
        >
          {choice.label}
        </button>
      ))}
    </nav>
  );
}
