import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { ErrorCode } from '../../src/contract/errors.js';
import { ReadDomain, ReadPageOf, ReadProject } from '../../src/contract/read-schemas.js';
import { ErrorBody } from '../../src/contract/schemas.js';
import { type RawServer, startRawServer } from './raw-server.js';

/** One scripted answer: status (and reason phrase), headers, and a body (JSON unless a string). */
export interface FakeAnswer {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A page of a list as the fake API hands it out. */
export interface FakePage {
  items: unknown[];
  next: string;
  /** Answer this instead of the page (an HTTP error half-way through a list). */
  instead?: FakeAnswer;
  /** More keys of the page object (`total_count`…), after the two the contract names. */
  extra?: Record<string, unknown>;
}

export interface FakeApiOptions {
  /** GET /v1/projects: every project on one page; GET /v1/projects/{id} finds one by `id`. */
  projects?: Record<string, unknown>[];
  /** Replaces the one page of GET /v1/projects: the page for a token (undefined for the first). */
  projectPage?: (token: string | undefined) => FakePage;
  /**
   * The domains of a project, newest first: handed out `pageSize` at a time (or the request's
   * page_size), with the tokens `token(n)` for page n + 1.
   */
  domains?: Record<string, Record<string, unknown>[]>;
  pageSize?: number;
  /** The most items a page holds, whatever page_size asks for (as a server may cap it). */
  maxPageSize?: number;
  token?: (page: number) => string;
  /** Extra keys on every page of domains. */
  pageExtra?: Record<string, unknown>;
  /** Replaces the paging of GET …/domains: the page for a token (undefined for the first). */
  domainPage?: (project: string, token: string | undefined) => FakePage;
  /** What POST /v1/projects/{id}/domains answers. */
  added?: FakeAnswer;
  /** More routes, by `METHOD /path` (no query string); they win over the ones above. */
  routes?: Record<string, FakeAnswer>;
}

export interface FakeApi extends RawServer {
  /** The paths and queries asked for, in order: `GET /v1/projects/prj_x/domains?page_size=100`. */
  asked(): string[];
  /**
   * Holds the answer to the next request that `match` picks (`GET /v1/projects?page_token=p2`,
   * as asked() writes it) until the test releases it: a slow answer without a sleep. The answer
   * is the one due when the request came, whatever the fake answers by the time it is released.
   */
  hold(match: (request: string) => boolean): HeldAnswer;
}

export interface HeldAnswer {
  /** Resolves when the request has come in. */
  arrived: Promise<void>;
  /** Sends the answer. */
  release(): void;
  /** Resolves once the answer has been written out in full. */
  sent: Promise<void>;
  /** Resolves if the client closes the connection while the answer is held (it gave up). */
  abandoned: Promise<void>;
}

interface Hold {
  match: (request: string) => boolean;
  arrive(): void;
  released: Promise<void>;
  finish(): void;
  abandon(): void;
}

function send(res: ServerResponse, answer: FakeAnswer): void {
  const text =
    typeof answer.body === 'string'
      ? answer.body
      : answer.body === undefined
        ? ''
        : JSON.stringify(answer.body);
  const headers = {
    ...(typeof answer.body === 'string' ? {} : { 'content-type': 'application/json' }),
    ...answer.headers,
  };
  // The reason phrase and header values go out as latin1: a C1 control among them reaches the
  // client as that very character, as a real server could send it.
  res.writeHead(answer.status ?? 200, answer.statusText ?? 'OK', headers);
  res.end(text);
}

/**
 * A plain pending domain, `d<n>.example.com` in `project`, as the reference server writes one:
 * the items of the fake's endless and slow lists, where only the paging is strange.
 */
export function fakeDomain(n: number, project: string) {
  const name = `d${n}.example.com`;
  return {
    id: `dom_${n}`,
    project_id: project,
    domain: name,
    verified: false,
    verified_at: null,
    tls_cert_expiry: null,
    dns_verification_token: `token${n}`.padEnd(16, '0'),
    dns_instructions: {
      cname_host: name,
      cname_target: 'edge.example.test',
      txt_host: `_v.${name}`,
      txt_value: `v=${n}`,
      acme_cname_host: `_acme-challenge.${name}`,
      acme_cname_target: 'acme.example.test',
    },
    created_at: '2026-11-21T14:20:00.000Z',
    updated_at: '2026-11-21T14:20:00.000Z',
  };
}

/**
 * `body`, once it is checked to be what the contract says `what` is: the fake's own answers and
 * the pages it builds are strange only where the test made them so, never by a slip of the
 * fake. Items are read as a client reads them (read-schemas.ts: any ISO time, unknown fields,
 * opaque ids), error bodies as the contract writes them (schemas.ts). A test wanting an answer
 * that breaks the contract scripts it whole (`routes`, `added`, a page's `instead`), unchecked.
 */
function conforming(schema: z.core.$ZodType, body: unknown, what: string): unknown {
  const checked = z.safeParse(schema, body);
  if (!checked.success) {
    throw new Error(
      `the fake API's ${what} does not follow the contract:\n${z.prettifyError(checked.error)}`,
    );
  }
  // The body as the test wrote it, key order and unknown fields kept: the parse only checks.
  return body;
}

/** Items already checked: a test may hand out the same thousand items on every page. */
const checkedItems = new WeakSet<object>();

/** A page the fake builds: the page as a client reads it, each item checked once. */
function conformingPage(
  key: 'domains' | 'projects',
  body: Record<string, unknown>,
  item: z.core.$ZodType,
): unknown {
  conforming(ReadPageOf(key), body, `page of ${key}`);
  for (const entry of body[key] as object[]) {
    if (checkedItems.has(entry)) continue;
    conforming(item, entry, `item of a page of ${key}`);
    checkedItems.add(entry);
  }
  return body;
}

const contractError = (status: number, statusText: string, code: ErrorCode, message: string) => ({
  status,
  statusText,
  body: conforming(ErrorBody, { error: { code, message } }, `${status} error body`),
});

const notFound = (path: string): FakeAnswer =>
  contractError(404, 'Not Found', 'not_found', `no route ${path}`);

/**
 * An API on loopback that follows the contract's routes and shapes but answers whatever the test
 * gives it: strings that try to drive the terminal, times in every ISO form, fields the client does
 * not know, page tokens that repeat. For what the reference server never sends.
 */
export async function startFakeApi(options: FakeApiOptions): Promise<FakeApi> {
  // What the test hands in is checked at once, so a slip names itself before any request.
  for (const project of options.projects ?? []) conforming(ReadProject, project, 'project');
  for (const [id, list] of Object.entries(options.domains ?? {})) {
    for (const domain of list) conforming(ReadDomain, domain, `domain of ${id}`);
  }
  const pageSize = options.pageSize ?? 20;
  const token = options.token ?? ((page: number) => `page${page}`);
  // Which offset each handed-out token stands for.
  const offsets = new Map<string, number>();

  function domainsPage(project: string, query: URLSearchParams): FakeAnswer {
    const asked = query.get('page_token') ?? undefined;
    if (options.domainPage) {
      const page = options.domainPage(project, asked);
      if (page.instead) return page.instead;
      const body = { domains: page.items, next_page_token: page.next, ...page.extra };
      return { body: conformingPage('domains', body, ReadDomain) };
    }
    const all = options.domains?.[project];
    if (!all) return notFound(`project ${project}`);
    const size = Math.min(
      Number(query.get('page_size') ?? pageSize),
      options.maxPageSize ?? Number.POSITIVE_INFINITY,
    );
    const offset = asked === undefined ? 0 : offsets.get(asked);
    if (offset === undefined) {
      return contractError(400, 'Bad Request', 'invalid_request', 'bad page_token');
    }
    const items = all.slice(offset, offset + size);
    let next = '';
    if (offset + size < all.length) {
      next = token(Math.floor(offset / size) + 2);
      offsets.set(next, offset + size);
    }
    const body = { domains: items, next_page_token: next, ...options.pageExtra };
    return { body: conformingPage('domains', body, ReadDomain) };
  }

  function answer(req: IncomingMessage): FakeAnswer {
    const url = new URL(req.url ?? '/', 'http://fake');
    const key = `${req.method} ${url.pathname}`;
    const scripted = options.routes?.[key];
    if (scripted) return scripted;
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (parts[0] !== 'v1' || parts[1] !== 'projects') return notFound(url.pathname);
    const project = parts[2];
    if (project === undefined) {
      if (!options.projectPage) {
        return { body: { projects: options.projects ?? [], next_page_token: '' } };
      }
      const page = options.projectPage(url.searchParams.get('page_token') ?? undefined);
      if (page.instead) return page.instead;
      const body = { projects: page.items, next_page_token: page.next };
      return { body: conformingPage('projects', body, ReadProject) };
    }
    if (parts.length === 3) {
      const found = options.projects?.find((p) => p.id === project);
      return found ? { body: found } : notFound(url.pathname);
    }
    if (parts[3] === 'domains' && parts.length === 4) {
      if (req.method === 'POST') return options.added ?? notFound(url.pathname);
      return domainsPage(project, url.searchParams);
    }
    return notFound(url.pathname);
  }

  const holds: Hold[] = [];
  const server = await startRawServer((req, res) => {
    const reply = answer(req);
    const index = holds.findIndex((hold) => hold.match(`${req.method} ${req.url}`));
    const hold = index === -1 ? undefined : holds.splice(index, 1)[0];
    if (!hold) {
      send(res, reply);
      return;
    }
    hold.arrive();
    res.on('close', () => {
      if (!res.writableFinished) hold.abandon();
    });
    void hold.released.then(() => {
      res.on('finish', hold.finish);
      send(res, reply);
    });
  });
  return Object.assign(server, {
    asked: () => server.requests.map((r) => `${r.method} ${r.url}`),
    hold(match: (request: string) => boolean): HeldAnswer {
      const hold = { match } as Hold;
      let release = () => {};
      hold.released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const arrived = new Promise<void>((resolve) => {
        hold.arrive = resolve;
      });
      const sent = new Promise<void>((resolve) => {
        hold.finish = resolve;
      });
      const abandoned = new Promise<void>((resolve) => {
        hold.abandon = resolve;
      });
      holds.push(hold);
      return { arrived, release, sent, abandoned };
    },
  });
}
