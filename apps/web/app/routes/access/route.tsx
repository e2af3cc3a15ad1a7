import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/route';
import { appOf } from '#app/context';
import { useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { addressMapsUrl, embeddedMapUrl, mapsPlatform, mapsUrl, placeOf } from './maps-link';
import { localizedAccessTexts } from './texts';

export const meta = titleMeta(localizedAccessTexts, (t) => t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const place = placeOf(await appOf(context).queries.stores.default());
  return { place, platform: mapsPlatform(request.headers.get('user-agent') ?? '') };
}

const unchanging = () => () => {};
function browserPlatform() {
  const ua = window.navigator.userAgent;
  return /Macintosh/.test(ua) && window.navigator.maxTouchPoints > 1 ? 'ios' : mapsPlatform(ua);
}

export default function Access({ loaderData }: Route.ComponentProps) {
  const { place } = loaderData;
  const accessTexts = useTexts(localizedAccessTexts);
  // The server guessed from the user agent; the browser knows better (iPadOS presents itself as a
  // Mac, and a touch screen tells them apart), read once it owns the page.
  const platform = useSyncExternalStore(unchanging, browserPlatform, () => loaderData.platform);

  return (
    <article className="page access-page">
      <h1>{accessTexts.heading}</h1>
      <dl className="facts">
        <dt>{accessTexts.storeName}</dt>
        {/* The store record's name, address and access note are the store's own words (decision 364). */}
        <dd data-testid="store-name" lang="ja">
          {place.name}
        </dd>
        <dt>{accessTexts.address}</dt>
        <dd lang="ja">{place.address}</dd>
        <dt>{accessTexts.walkingLabel}</dt>
        {place.accessNote ? <dd lang="ja">{place.accessNote}</dd> : <dd>{accessTexts.walking}</dd>}
      </dl>
      <p>
        {accessTexts.closingDays} <Link to="/moncafe">{accessTexts.calendarLink}</Link>
      </p>
      {place.coordinates && (
        <iframe className="map" title={accessTexts.mapTitle} src={embeddedMapUrl(place.coordinates)} loading="lazy" referrerPolicy="no-referrer" />
      )}
      <p>
        <a
          className="button"
          href={place.coordinates ? mapsUrl(platform, { ...place, ...place.coordinates }) : addressMapsUrl(platform, place)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="open-maps"
          data-platform={platform}
        >
          {accessTexts.openMaps[platform]}
        </a>
      </p>
    </article>
  );
}
