/**
 * A visitor that keeps every cookie the server sets (the reservation session and the sign-in),
 * for suites that walk the customer calls and pages over plain HTTP.
 */
export class Visitor {
  private jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const cut = pair.indexOf('=');
      this.jar.set(pair.slice(0, cut), pair.slice(cut + 1));
    }
  }

  private headers(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  /** Posts JSON (a string is sent as it is, to try malformed bodies) and reads the JSON answer. */
  async post(path: string, body: unknown) {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers() },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.keep(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async get(path: string) {
    const response = await fetch(this.baseUrl + path, { headers: this.headers() });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async page(path: string) {
    const response = await fetch(this.baseUrl + path, { headers: this.headers() });
    return { status: response.status, html: await response.text() };
  }
}
