import { answerProblem } from './api-document';

/**
 * The one cookie-keeping HTTP client of the HTTP suites: a browser-like visitor that keeps every
 * cookie the server sets (the reservation session, the sign-in; an emptied one is dropped) and
 * sends a same-origin Origin on writes, as a browser does, from an address of its own.
 *
 *   const guest = httpClient(server.url);
 *   await guest.post('/api/customery-day/allocate-seat', { … })   // { status, body } (JSON)
 *   await guest.postJson('/api/auth/login', { … })                 // the Response itself
 *
 * Every JSON answer from an `/api` call is held to the described API (api-document.ts): an
 * answer that is not what GET /api/openapi.json says fails the request.
 */
let clients = 0;

export class HttpClient {
  private readonly jar = new Map<string, string>();
  /**
   * The client's own address, sent as X-Forwarded-For (test servers trust a proxy on loopback):
   * every client is another device, as browsers are, so per-address limits (seat holds, sign-in
   * lockouts) see each on its own. A request's own X-Forwarded-For header wins.
   */
  readonly address: string;

  constructor(
    readonly baseUrl: string,
    options: { address?: string } = {},
  ) {
    clients += 1;
    this.address = options.address ?? `198.18.${(clients >> 8) & 255}.${clients & 255}`;
  }

  /** The Cookie header it sends (`name=value; …`), or null with no cookie. */
  get cookie(): string | null {
    return this.jar.size ? [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') : null;
  }

  /** Replaces every cookie with these (a stolen or replayed header), or none. */
  set cookie(header: string | null) {
    this.jar.clear();
    for (const pair of header?.split(';') ?? []) this.keepPair(pair.trim());
  }

  private keepPair(pair: string) {
    const cut = pair.indexOf('=');
    if (cut <= 0) return;
    const name = pair.slice(0, cut);
    const value = pair.slice(cut + 1);
    if (value) this.jar.set(name, value);
    else this.jar.delete(name);
  }

  async send(
    method: string,
    pathname: string,
    init: { json?: unknown; form?: Record<string, string>; body?: string; bytes?: Uint8Array; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.address);
    const cookie = this.cookie;
    if (cookie) headers.set('cookie', cookie);
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.body !== undefined) {
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      body = init.body;
    } else if (init.bytes !== undefined) {
      body = new Blob([init.bytes as Uint8Array<ArrayBuffer>]);
    } else if (init.form) {
      body = new URLSearchParams(init.form);
    }
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', this.baseUrl);
    const url = new URL(pathname, this.baseUrl);
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) this.keepPair(setCookie.split(';')[0] ?? '');
    if (url.pathname.startsWith('/api/')) await this.holdToDocument(method, url.pathname, response);
    return response;
  }

  /** Every JSON answer of a call must be what GET /api/openapi.json says it is (api-document.ts). */
  private async holdToDocument(method: string, pathname: string, response: Response) {
    const contentType = response.headers.get('content-type') ?? '';
    if (method === 'HEAD' || !contentType.includes('application/json')) return;
    let answer: unknown;
    try {
      answer = await response.clone().json();
    } catch {
      throw new Error(`${method} ${pathname} answered ${response.status} with a body that is not the JSON it says it is`);
    }
    const problem = await answerProblem(this.baseUrl, method, pathname, response.status, contentType, answer);
    if (problem) throw new Error(problem);
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.send('GET', pathname, headers ? { headers } : {});
  }

  postJson(pathname: string, json: unknown, headers?: Record<string, string>) {
    return this.send('POST', pathname, { json, ...(headers ? { headers } : {}) });
  }

  /** Posts JSON (a string is sent as it is, to try malformed bodies) and reads the JSON answer. */
  async post<T = Record<string, unknown>>(pathname: string, body: unknown) {
    const response = await this.send('POST', pathname, typeof body === 'string' ? { body } : { json: body });
    return { status: response.status, body: (await response.json()) as T };
  }

  async getJson<T = Record<string, unknown>>(pathname: string) {
    const response = await this.get(pathname);
    return { status: response.status, body: (await response.json()) as T };
  }

  async page(pathname: string) {
    const response = await this.get(pathname);
    return { status: response.status, html: await response.text() };
  }
}

export function httpClient(baseUrl: string, options: { address?: string } = {}): HttpClient {
  return new HttpClient(baseUrl, options);
}
