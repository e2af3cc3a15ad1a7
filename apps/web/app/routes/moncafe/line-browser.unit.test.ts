import { describe, expect, it } from 'vitest';
import { isLineInAppBrowser, linkKind, shouldOfferExternalBrowser, withOpenExternalBrowser } from './line-browser';

const lineUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0';
const safariUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('LINE in-app browser', () => {
  it('is recognised by Line/ in the user agent', () => {
    expect(isLineInAppBrowser(lineUa)).toBe(true);
    expect(isLineInAppBrowser(safariUa)).toBe(false);
  });

  it('asks only for reservation links inside LINE', () => {
    expect(shouldOfferExternalBrowser('/reservation', lineUa)).toBe(true);
    expect(shouldOfferExternalBrowser('https://example.com/reservation?x=1', lineUa)).toBe(true);
    expect(shouldOfferExternalBrowser('/menu', lineUa)).toBe(false);
    expect(shouldOfferExternalBrowser('/reservation', safariUa)).toBe(false);
  });

  it('adds openExternalBrowser=1 and keeps the rest of the link', () => {
    expect(withOpenExternalBrowser('/reservation')).toBe('/reservation?openExternalBrowser=1');
    expect(withOpenExternalBrowser('/reservation?course=2#top')).toBe('/reservation?course=2&openExternalBrowser=1#top');
    expect(withOpenExternalBrowser('https://cafe.example/reservation')).toBe('https://cafe.example/reservation?openExternalBrowser=1');
  });
});

describe('card links', () => {
  it('navigates in-app for paths, opens a new tab for http(s), renders nothing else as a link', () => {
    expect(linkKind('/menu')).toBe('internal');
    expect(linkKind('https://www.instagram.com/moncafe')).toBe('external');
    expect(linkKind('http://example.com')).toBe('external');
    expect(linkKind('//evil.example')).toBe('none');
    expect(linkKind('javascript:alert(1)')).toBe('none');
    expect(linkKind(null)).toBe('none');
  });
});
