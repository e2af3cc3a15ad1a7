import { Link } from 'react-router';
import { pageTitle } from '#app/layout/texts';
import { aboutTexts } from './texts';

export const meta = () => [{ title: pageTitle(aboutTexts.title) }];

export default function About() {
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
