import { Link } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { localizedAboutTexts } from './texts';

export const meta = titleMeta(localizedAboutTexts, (t) => t.title);

export default function About() {
  const aboutTexts = useTexts(localizedAboutTexts);
  return (
    <article className="page about-page">
      <h1>{aboutTexts.heading}</h1>
      {aboutTexts.body.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="page-links">
        <Link to="/access" className="button">
          {aboutTexts.accessLink}
        </Link>
        <Link to="/menu" className="button secondary">
          {aboutTexts.menuLink}
        </Link>
      </p>
    </article>
  );
}
