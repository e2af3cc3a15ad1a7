import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { keptPageKey, keptPages } from './kept-pages';

/** The parts of an express request the door's key reads. */
function request(options: {
  method?: string;
  url?: string;
  cookie?: string;
  acceptLanguage?: string;
  host?: string;
  forwardedHost?: string;
  trustProxy?: boolean;
}) {
  const url = options.url ?? '/moncafe';
  const headers: Record<string, string | undefined> = {
    cookie: options.cookie,
    'accept-language': options.acceptLanguage,
    host: options.host ?? 'cafe.test',
    'x-forwarded-host': options.forwardedHost,
  };
  return {
    method: options.method ?? 'GET',
    path: url.split('?')[0],
    originalUrl: url,
    protocol: 'http',
    headers,
    get: (name: string) => headers[name.toLowerCase()],
    app: { enabled: () => options.trustProxy ?? false },
  } as unknown as Request;
}

describe('the kept-page door (decision 460)', () => {
  it('looks up only a guest’s GET: no cookie but the language’s', () => {
    expect(keptPageKey(request({}))).not.toBeNull();
    expect(keptPageKey(request({ cookie: 'lang=en' }))).not.toBeNull();
    expect(keptPageKey(request({ method: 'HEAD' }))).toBeNull();
    expect(keptPageKey(request({ method: 'POST' }))).toBeNull();
    expect(keptPageKey(request({ cookie: 'moncafe_session=abc' }))).toBeNull();
    expect(keptPageKey(request({ cookie: 'lang=ja; moncafe_session=abc' }))).toBeNull();
    expect(keptPageKey(request({ cookie: 'langx=en' }))).toBeNull();
  });

  it('keys by the language the root loader would choose, the host and the whole address', () => {
    const key = (options: Parameters<typeof request>[0]) => keptPageKey(request(options));
    expect(key({ acceptLanguage: 'en' })).toBe(key({ cookie: 'lang=en', acceptLanguage: 'ja' }));
    expect(key({ acceptLanguage: 'en' })).not.toBe(key({}));
    expect(key({ cookie: 'lang=ja', acceptLanguage: 'en' })).toBe(key({}));
    // Staff paths are Japanese whatever the visitor reads.
    expect(key({ url: '/admin', acceptLanguage: 'en' })).toBe(key({ url: '/admin' }));
    expect(key({ url: '/menu?store_id=1' })).not.toBe(key({ url: '/menu?store_id=2' }));
    expect(key({ host: 'a.test' })).not.toBe(key({ host: 'b.test' }));
    expect(key({ forwardedHost: 'a.test', trustProxy: true })).not.toBe(key({ forwardedHost: 'b.test', trustProxy: true }));
    expect(key({ forwardedHost: 'a.test' })).toBe(key({ forwardedHost: 'b.test' }));
  });

  it('gives a page back only while its data is held and on the day it was kept', () => {
    const held = new Set<object>();
    const pages = keptPages((data) => held.has(data));
    const data = { cards: [] };
    const page = { html: '<html></html>', status: 200, headers: [['content-type', 'text/html']] as const };
    pages.keep({ key: 'k', day: '2026-11-27' }, data, page);
    expect(pages.find('k', '2026-11-27')).toBeNull();

    held.add(data);
    pages.keep({ key: 'k', day: '2026-11-27' }, data, page);
    expect(pages.find('k', '2026-11-27')?.html).toBe('<html></html>');
    expect(pages.find('other', '2026-11-27')).toBeNull();
    expect(pages.find('k', '2026-11-28')).toBeNull();
    // Once passed over, it is gone until kept again.
    expect(pages.find('k', '2026-11-27')).toBeNull();

    pages.keep({ key: 'k', day: '2026-11-27' }, data, page);
    held.delete(data);
    expect(pages.find('k', '2026-11-27')).toBeNull();
  });
});
