import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '#app/http/api-client';
import { useHydrated } from './hydrated';
import { loadedFrom, nothingLoaded, shownFor, useLoad } from './use-load';

const answered = <T>(body: T): CallResult<T> => ({ ok: true, status: 200, body, message: null, notify: true });
const refused: CallResult<{ n: number }> = { ok: false, status: 500, body: { error: 'internal' } as never, message: null, notify: true };

/** Decision 655: what a screen shows of the one shared load hook, for the URL it asks now. */
describe('a loaded answer as the screen shows it', () => {
  it('shows the answer of the URL it was loaded from', () => {
    expect(shownFor(loadedFrom('/api/a?store_id=1', answered({ n: 1 })), '/api/a?store_id=1')).toEqual({ data: { n: 1 }, failed: false });
  });

  it('reads as loading, not as the old answer, once the screen asks another URL', () => {
    const first = loadedFrom('/api/a?store_id=1', answered({ n: 1 }));
    expect(shownFor(first, '/api/a?store_id=2')).toEqual({ data: null, failed: false });
  });

  it('says a failure, with nothing to show, for the URL that failed only', () => {
    const failed = loadedFrom('/api/a?store_id=1', refused);
    expect(shownFor(failed, '/api/a?store_id=1')).toEqual({ data: null, failed: true });
    expect(shownFor(failed, '/api/a?store_id=2')).toEqual({ data: null, failed: false });
  });

  it('shows nothing before the first answer and without a URL (no store chosen)', () => {
    expect(shownFor(nothingLoaded, '/api/a')).toEqual({ data: null, failed: false });
    expect(shownFor(loadedFrom('/api/a', answered({ n: 1 })), null)).toEqual({ data: null, failed: false });
  });
});

describe('the first render, on the server and while hydrating', () => {
  it('has loaded nothing and is not hydrated, so the HTML and the first browser render agree', () => {
    function Probe() {
      const { data, failed } = useLoad<{ n: number }>('/api/a');
      return createElement('p', null, `${String(data)} ${String(failed)} ${String(useHydrated())}`);
    }
    expect(renderToStaticMarkup(createElement(Probe))).toBe('<p>null false false</p>');
  });
});
