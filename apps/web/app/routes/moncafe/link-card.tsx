import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { OptionalImage } from '#app/layout/optional-image';
import { linkKind, shouldOfferExternalBrowser, withOpenExternalBrowser } from './line-browser';
import { documentLanguage, fallbackLang, textsIn, useLanguage, useTexts, type Language } from '#app/i18n/language';
import { localizedHomeTexts } from './texts';

export interface HomepageCardView {
  id: string;
  card_type: string;
  link_url: string | null;
  image_url: string | null;
  title: string;
  description: string;
  /** English for guests (decision 394); '' shows the Japanese. */
  title_en: string;
  description_en: string;
  /** The store the card is about, named where several are open (decision 456); null: the whole site's. */
  store_name?: string | null;
}

/** The store a card is about, above its title: the store's own name, as the owner wrote it. */
export function CardStore({ name }: { name: string | null | undefined }) {
  const own = fallbackLang(useLanguage(), undefined);
  if (!name) return null;
  return (
    <p className="card-store" lang={own} data-testid="card-store">
      {name}
    </p>
  );
}

/** A card's title and description as a reader of `language` sees them: the English where the store gave it, else its Japanese, marked so. */
export function cardWordsIn(card: HomepageCardView, language: Language) {
  const english = language === 'en';
  return {
    title: english && card.title_en ? card.title_en : card.title,
    titleLang: fallbackLang(language, card.title_en),
    description: english && card.description_en ? card.description_en : card.description,
    descriptionLang: fallbackLang(language, card.description_en),
  };
}

/**
 * Inside LINE's in-app browser a reservation link first asks to reopen in the phone's browser.
 * Returns true when it took over the click.
 */
function offerExternalBrowser(event: MouseEvent<HTMLAnchorElement>, link: string): boolean {
  if (!shouldOfferExternalBrowser(link, window.navigator.userAgent)) return false;
  if (!window.confirm(textsIn(localizedHomeTexts, documentLanguage()).lineExternalBrowser)) return false;
  event.preventDefault();
  window.location.href = withOpenExternalBrowser(new URL(link, window.location.href).toString());
  return true;
}

/** A card's link: in-app navigation for paths, a new tab for http(s), nothing for other values. */
export function CardLink({ link, className, children }: { link: string | null; className: string; children: ReactNode }) {
  const kind = linkKind(link);
  if (link === null || kind === 'none') return <div className={className}>{children}</div>;
  if (kind === 'internal') {
    return (
      <Link
        to={link}
        className={className}
        // Link navigates in-app unless the LINE prompt took the click over (it prevents the default).
        onClick={(event) => offerExternalBrowser(event, link)}
      >
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className={className} target="_blank" rel="noopener noreferrer" onClick={(event) => offerExternalBrowser(event, link)}>
      {children}
    </a>
  );
}

/** Card pictures are 16:9; the first card's is above the fold on a phone, so it is not lazy. */
const CARD_IMAGE = { width: 640, height: 360 } as const;

/** A card's title and description are the store's own words, in English where it gave them (decision 394). */
export function LinkCard({ card, first = false }: { card: HomepageCardView; first?: boolean }) {
  const homeTexts = useTexts(localizedHomeTexts);
  const words = cardWordsIn(card, useLanguage());
  const external = linkKind(card.link_url) === 'external';
  return (
    <article className="card link-card" data-testid="link-card">
      <CardLink link={card.link_url} className="card-link">
        <OptionalImage src={card.image_url} className="card-image" {...CARD_IMAGE} eager={first} />
        <div className="card-body">
          <CardStore name={card.store_name} />
          {words.title && (
            <h2 className="card-title" lang={words.titleLang}>
              {words.title}
            </h2>
          )}
          {words.description && (
            <p className="card-description" lang={words.descriptionLang}>
              {words.description}
            </p>
          )}
          {external && <span className="visually-hidden">{homeTexts.externalLinkNote}</span>}
        </div>
      </CardLink>
    </article>
  );
}

/**
 * An embedded Instagram feed loads Instagram's script from the internet, which our CSP and
 * offline installs do not allow: the card links to the account instead (docs/decisions/004).
 */
export function InstagramCard({ card, first = false }: { card: HomepageCardView; first?: boolean }) {
  const homeTexts = useTexts(localizedHomeTexts);
  const words = cardWordsIn(card, useLanguage());
  return (
    <article className="card instagram-card" data-testid="instagram-card">
      <CardLink link={card.link_url} className="card-link">
        <OptionalImage src={card.image_url} className="card-image" {...CARD_IMAGE} eager={first} />
        <div className="card-body">
          <CardStore name={card.store_name} />
          <h2 className="card-title" lang={words.title ? words.titleLang : undefined}>
            {words.title || homeTexts.instagramTitle}
          </h2>
          {words.description && (
            <p className="card-description" lang={words.descriptionLang}>
              {words.description}
            </p>
          )}
          {card.link_url && (
            <span className="instagram-link">
              {homeTexts.instagramLink}
              <span className="visually-hidden">{homeTexts.externalLinkNote}</span>
            </span>
          )}
        </div>
      </CardLink>
    </article>
  );
}
