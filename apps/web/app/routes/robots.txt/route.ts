import { robotsTxt } from '#app/layout/site-files';

/** GET /robots.txt: the customer site for crawlers, the rest kept off (decision 659). */
export function loader() {
  return new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
