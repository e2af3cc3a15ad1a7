import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { filesOnly, namesAFile } from './express-edge';

describe('the static files edge', () => {
  it('tells a path that names a file from a page path', () => {
    for (const file of ['/images/cards/menu.svg', '/favicon.ico', '/robots.txt', '/images/menu/coffee.webp', '/.well-known/security.txt'])
      expect(namesAFile(file), file).toBe(true);
    for (const page of ['/', '/moncafe', '/menu', '/reservation/confirm', '/images/', '/images', '/.htaccess', '/admin/history'])
      expect(namesAFile(page), page).toBe(false);
  });

  it('asks the static handler only for files; a page goes straight on to React Router', () => {
    const served: string[] = [];
    const passed: string[] = [];
    const edge = filesOnly((req, _res, next) => {
      served.push(req.path);
      next();
    });
    for (const path of ['/images/cards/menu.svg', '/moncafe', '/menu']) edge({ path } as Request, {} as Response, (() => passed.push(path)) as NextFunction);
    expect(served).toEqual(['/images/cards/menu.svg']);
    // A file the handler does not have still reaches React Router, as before.
    expect(passed).toEqual(['/images/cards/menu.svg', '/moncafe', '/menu']);
  });
});
