// zod/mini, as the config's schemas: every command that calls the API and the UI's first screen
// read answers with these, and classic zod's ~100 KB more of code and its methods on every
// schema cost ~9 ms of each start (Node 20 and 24, 2026-11-29); the checks are the same.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { isIsoDateTime } from './datetime.js';
import type { OperationId } from './routes.js';

// What the client accepts from an API: the schemas of schemas.ts describe exactly what the
// reference server writes (and its OpenAPI document); these read what any server following the
// API's description may send, and check only what the client uses:
// - times: any ISO 8601 date-time with an offset, not only toISOString()'s form;
// - ids and tokens: opaque, any non-empty string (ids built from `+/=` included);
// - fields no face needs to work are optional (shown as core's MISSING, "-", when absent), and
//   the nullable ones may be left out as well as null;
// - objects are loose: a field this version does not know is kept, so `--json` prints it.
// No transform and no default anywhere: what parses is the very value that came, so the client
// hands the parsed JSON on as it was, key order included.

// zod/mini carries no messages of its own: without these, a wrong type is only "Invalid input".
z.config(en());

const Instant = z
  .string()
  .check(
    z.refine(
      isIsoDateTime,
      'expected an ISO 8601 date-time with an offset (e.g. 2026-03-02T10:15:30Z)',
    ),
  );
const Opaque = z.string().check(z.minLength(1));

export const ReadRegion = z.looseObject({ id: Opaque, name: z.optional(z.string()) });

export const ReadProject = z.looseObject({
  id: Opaque,
  name: z.optional(z.string()),
  organization_id: z.optional(z.string()),
  region_id: z.optional(z.string()),
  // A string, not the four plans: a plan this version does not know must not hide the project.
  plan: z.optional(z.string()),
  created_at: z.optional(Instant),
  updated_at: z.optional(Instant),
});

export const ReadDatabase = z.looseObject({
  id: Opaque,
  project_id: z.optional(z.string()),
  name: z.optional(z.string()),
  created_at: z.optional(Instant),
});

export const ReadDnsInstructions = z.looseObject({
  cname_host: z.string(),
  cname_target: z.string(),
  txt_host: z.string(),
  txt_value: z.string(),
  acme_cname_host: z.string(),
  acme_cname_target: z.string(),
});

export const ReadDomain = z.looseObject({
  id: Opaque,
  project_id: z.optional(z.string()),
  domain: z.string(),
  verified: z.boolean(),
  verified_at: z.nullish(Instant),
  tls_cert_expiry: z.nullish(Instant),
  dns_verification_token: z.optional(z.string()),
  dns_instructions: ReadDnsInstructions,
  created_at: z.optional(Instant),
  updated_at: z.optional(Instant),
});

/**
 * What `domains add` needs to print the records of a domain it added: when the rest of the answer
 * cannot be read, these two still can.
 */
export const ReadAddedRecords = z.looseObject({
  domain: z.string(),
  dns_instructions: ReadDnsInstructions,
});

/** `""`, null or absent: no page follows. */
const NextPageToken = z.nullish(z.string());

/** A page whose items are only checked to be objects (`--json`, and finding one by name). */
export const ReadPageOf = <Key extends string>(key: Key) =>
  z.looseObject({
    [key]: z.array(z.looseObject({})),
    next_page_token: NextPageToken,
  }) as unknown as z.ZodMiniType<
    Record<Key, Record<string, unknown>[]> & { next_page_token?: string | null }
  >;

export const ReadDomainPage = z.looseObject({
  domains: z.array(ReadDomain),
  next_page_token: NextPageToken,
});
export const ReadProjectPage = z.looseObject({
  projects: z.array(ReadProject),
  next_page_token: NextPageToken,
});
export const ReadDatabasePage = z.looseObject({
  databases: z.array(ReadDatabase),
  next_page_token: NextPageToken,
});
export const ReadRegionList = z.looseObject({ regions: z.array(ReadRegion) });

/** The schema each operation's success answer is read with. */
export const readSchemas = {
  listRegions: ReadRegionList,
  listProjects: ReadProjectPage,
  createProject: ReadProject,
  getProject: ReadProject,
  listDatabases: ReadDatabasePage,
  createDatabase: ReadDatabase,
  deleteDatabase: ReadDatabase,
  addDomain: ReadDomain,
  listDomains: ReadDomainPage,
  tlsAsk: z.looseObject({ domain: z.string(), verified: z.boolean() }),
  getOpenApi: z.looseObject({}),
  getHealth: z.looseObject({ status: z.string() }),
  getReadiness: z.looseObject({ status: z.string() }),
} as const satisfies Record<OperationId, z.ZodMiniType>;

export type ReadProject = z.infer<typeof ReadProject>;
export type ReadDomain = z.infer<typeof ReadDomain>;
export type ReadDnsInstructions = z.infer<typeof ReadDnsInstructions>;
export type ReadDomainPage = z.infer<typeof ReadDomainPage>;
export type ReadProjectPage = z.infer<typeof ReadProjectPage>;
