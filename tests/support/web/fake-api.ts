import type { ApiErrorCode } from '../../../src/shared';
import { vi } from 'vitest';

/**
 * A stand-in for the network in the web app's unit tests: `fetch` answered by local functions,
 * the way a test server would answer (the app's own modules run unchanged). Each test says which
 * calls it expects with `on`; anything else gets a 404 naming the call and is listed in
 * `unexpected`, so a test that forgot a call fails on it rather than on a confusing "not found".
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined when there is none. */
  body: unknown;
}

/** Drops the connection: `fetch` rejects as a browser's does when nothing answers. */
export const NO_ANSWER: unique symbol = Symbol('no answer');

export type FakeAnswer = { status?: number; body?: unknown; contentType?: string; text?: string; headers?: Record<string, string> } | typeof NO_ANSWER;
export type FakeHandler = (request: FakeRequest, params: Record<string, string>) => FakeAnswer | Promise<FakeAnswer>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
}

/** The base the browser resolves relative addresses against (vitest's happy-dom page). */
const PAGE_ORIGIN = 'http://localhost:3000';

export class FakeApi {
  readonly requests: FakeRequest[] = [];
  readonly unexpected: string[] = [];
  readonly #routes: Route[] = [];
  /** Requests made and not yet answered (or dropped). */
  inFlight = 0;

  /** Answers `method path` (`:name` matches one path segment) with `handler`; later calls win. */
  on(method: string, path: string, handler: FakeHandler): this {
    const keys: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:(\w+)/g, (_, key: string) => (keys.push(key), '([^/]+)'))}$`);
    this.#routes.unshift({ method, pattern, keys, handler });
    return this;
  }

  /** The requests made to `method path` (exact path), oldest first. */
  requestsTo(method: string, path: string): FakeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    this.inFlight += 1;
    try {
      return await this.#answer(input, init);
    } finally {
      this.inFlight -= 1;
    }
  };

  async #answer(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), PAGE_ORIGIN);
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers ?? request?.headers);
    const rawBody = init.body ?? (request ? await request.text() : undefined);
    const body = typeof rawBody === 'string' && rawBody.length > 0 ? (JSON.parse(rawBody) as unknown) : undefined;
    const fake: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers, body };
    this.requests.push(fake);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const route = this.#routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      this.unexpected.push(`${method} ${url.pathname}`);
      return answer(apiError(404, `No fake answer for ${method} ${url.pathname}`, 'NOT_FOUND') as Exclude<FakeAnswer, typeof NO_ANSWER>);
    }
    const match = route.pattern.exec(url.pathname)!;
    const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
    const result = await route.handler(fake, params);
    if (result === NO_ANSWER) throw new TypeError('Failed to fetch');
    return answer(result);
  }

  /** Makes this the page's `fetch` until the test ends (the web setup unstubs globals). */
  install(): this {
    answerPageFetchWith(this);
    return this;
  }
}

let installed: FakeApi | null = null;
/**
 * The page's `fetch` is this one function in every test, handing each request to the fake API
 * installed last: better-auth's client keeps the `fetch` it found when it was created (once per
 * test file, like a page), so a function per test would leave it talking to an old one.
 */
export const pageFetch = (input: RequestInfo | URL, init?: RequestInit) =>
  installed ? installed.fetch(input, init) : Promise.reject(new TypeError('No fake API is installed: the test made a real request'));

function answerPageFetchWith(api: FakeApi) {
  installed = api;
  vi.stubGlobal('fetch', pageFetch);
}

/**
 * For the web setup after each test, before the fake API is uninstalled: lets the calls the test
 * left running finish against it, with those they lead to (a token renewal reads the session, then
 * asks for a token). Otherwise one outlives its test: it meets no fake API, or the next test's, and
 * that test shares its failure or keeps the token it brought back (the app shares one renewal
 * between callers). Settled when two turns of the event loop pass with nothing in flight or new.
 */
export async function settleFakeApi(): Promise<void> {
  const api = installed;
  if (!api) return;
  for (let quietTurns = 0, turns = 0; quietTurns < 2 && turns < 200; turns += 1) {
    const made = api.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 0));
    quietTurns = api.inFlight === 0 && api.requests.length === made ? quietTurns + 1 : 0;
  }
}

/** For the web setup after each test: the calls nobody expected, then none installed. */
export function uninstallFakeApi(): string[] {
  const unexpected = installed?.unexpected ?? [];
  installed = null;
  return unexpected;
}

function answer({ status = 200, body, contentType = 'application/json', text, headers = {} }: Exclude<FakeAnswer, typeof NO_ANSWER>): Response {
  const payload = text ?? (body === undefined ? null : JSON.stringify(body));
  return new Response(status === 204 ? null : payload, { status, headers: { ...headers, 'content-type': contentType } });
}

/** The code the API answers a status with when the test names none: what a generic refusal of that status carries. */
const GENERIC_CODES: Partial<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'SIGN_IN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'DATABASE_UNAVAILABLE',
};

/** The API's error body (RFC 9457 problem details, src/server/plugins/errors.ts), with one of the API's own codes. */
export const apiError = (status: number, detail: string, code: ApiErrorCode | undefined = GENERIC_CODES[status]): FakeAnswer => {
  if (!code) throw new Error(`apiError(${status}): name the API's code for this refusal`);
  return { status, contentType: 'application/problem+json', body: { type: 'about:blank', title: String(status), status, detail, code } };
};
