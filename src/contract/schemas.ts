import * as z from 'zod';
import { errorCodes } from './errors.js';
import { PAGE_SIZE_MAX, PARAM_PATTERN } from './params.js';
import { HOST_NAME_PATTERN } from './hostname.js';
import { hasLoneSurrogate, isStorableText } from './text.js';

/** `Date.prototype.toISOString()` output: always UTC with milliseconds. */
const Timestamp = z.iso.datetime({ precision: 3 }).meta({ examples: ['2026-11-21T09:30:00.000Z'] });

/**
 * An id's pattern: its prefix, then what every path parameter may hold (PARAM_PATTERN). The
 * prefix keeps out "." and "..", which a URL library folds away (`/v1/projects/./domains` is
 * `/v1/domains` by the time it is sent).
 */
export const idPattern = (prefix: IdPrefix) => new RegExp(`^${prefix}[a-zA-Z0-9_.-]+$`);
type IdPrefix = 'prj_' | 'org_' | 'db_' | 'dom_';

const id = (prefix: IdPrefix) =>
  z
    .string()
    .regex(idPattern(prefix))
    .meta({ examples: [`${prefix}8kq2xv0c5m1t`] });

/** An id a request names; the message names the field and the pattern. */
const givenId = (name: string, prefix: IdPrefix) =>
  z.string().regex(idPattern(prefix), `${name} must match ${idPattern(prefix).source}`);

export const Plan = z.enum(['free', 'pro', 'scale', 'enterprise']).meta({ id: 'Plan' });

export const Region = z
  .object({ id: z.string().meta({ examples: ['eu-west'] }), name: z.string() })
  .meta({ id: 'Region' });

export const Project = z
  .object({
    id: id('prj_'),
    name: z.string(),
    organization_id: id('org_'),
    region_id: z.string(),
    plan: Plan,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Project' });

export const Database = z
  .object({
    id: id('db_'),
    project_id: id('prj_'),
    name: z.string(),
    created_at: Timestamp,
  })
  .meta({ id: 'Database' });

export const DnsInstructions = z
  .object({
    cname_host: z.string().meta({ examples: ['shop.example.com'] }),
    cname_target: z.string().meta({ examples: ['prj-demo-scale.edge.domainctl.test'] }),
    txt_host: z.string().meta({ examples: ['_domainctl-verify.shop.example.com'] }),
    txt_value: z.string().meta({ examples: ['domainctl-verify=3kd9x0q2m4n7b1v8c6z5'] }),
    acme_cname_host: z.string().meta({ examples: ['_acme-challenge.shop.example.com'] }),
    acme_cname_target: z.string().meta({ examples: ['dom-8kq2xv0c5m1t.acme.edge.domainctl.test'] }),
  })
  .meta({ id: 'DnsInstructions', description: 'The three DNS records the domain needs' });

export const Domain = z
  .object({
    id: id('dom_'),
    project_id: id('prj_'),
    domain: z.string().meta({ examples: ['shop.example.com'] }),
    verified: z.boolean(),
    verified_at: Timestamp.nullable(),
    tls_cert_expiry: Timestamp.nullable(),
    dns_verification_token: z.string().regex(/^[a-z0-9]{16,}$/),
    dns_instructions: DnsInstructions,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Domain' });

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(errorCodes as [string, ...string[]]),
      message: z.string(),
    }),
  })
  .meta({ id: 'Error' });

const nextPageToken = z
  .string()
  .meta({ description: 'Pass as page_token for the next page; "" when no item follows' });

export const RegionList = z.object({ regions: z.array(Region) });
export const Health = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const Readiness = z.object({ status: z.literal('ready') }).meta({ id: 'Readiness' });
export const ProjectPage = z.object({ projects: z.array(Project), next_page_token: nextPageToken });
export const DatabasePage = z.object({
  databases: z.array(Database),
  next_page_token: nextPageToken,
});
export const DomainPage = z.object({ domains: z.array(Domain), next_page_token: nextPageToken });

/** Path parameters: each must be an id with its prefix; a broken one is a 400. */
const pathParam = (name: string, prefix: IdPrefix, example: string) =>
  givenId(name, prefix).meta({ param: { example } });

export const ProjectParams = z.object({
  project_id: pathParam('project_id', 'prj_', 'prj_demo_scale'),
});
export const DatabaseParams = z.object({
  project_id: pathParam('project_id', 'prj_', 'prj_demo_scale'),
  database_id: pathParam('database_id', 'db_', 'db_demo_analytics'),
});

// Query values arrive as strings; "", " 5", "1.5" and "0x10" must all be 400, so digits are
// checked before the number is read (z.coerce would accept most of them).
const pageSizeMessage = `page_size must be a whole number from 1 to ${PAGE_SIZE_MAX}`;
const PageSize = z
  .string()
  .regex(/^[0-9]+$/, pageSizeMessage)
  .transform(Number)
  .pipe(
    // The int's own message too: digits past 2^53 are not a safe integer, and that 400 should
    // read like every other bad page_size.
    z.int(pageSizeMessage).min(1, pageSizeMessage).max(PAGE_SIZE_MAX, pageSizeMessage),
  )
  .optional()
  .meta({
    type: 'integer',
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: 20,
    description: 'Items per page',
    param: { example: 10 },
  });

const PageToken = z
  .string()
  .regex(PARAM_PATTERN, 'page_token is not a token this API handed out')
  .optional()
  .meta({ description: 'The next_page_token of the previous page' });

// Query strings are strict: an unknown parameter is a 400 that names it, so a typo such as
// `pagesize=5` is not answered with a page of the default size as if it had been read.
export const PageQuery = z.strictObject({ page_size: PageSize, page_token: PageToken });
/** The query of an operation that takes none: any parameter is unknown. */
export const NoQuery = z.strictObject({});
/** For the strings of a request that no pattern of their own keeps to letters and digits. */
const storable = (field: string) =>
  [
    isStorableText,
    { message: `${field} must be text without U+0000 (NUL) or half of a surrogate pair` },
  ] as const;

/** `GET /v1/tls/ask?domain=…`: the host name an edge is about to obtain a certificate for. */
export const TlsAskQuery = z.strictObject({
  domain: z
    .string({ error: 'domain is required: the host name to ask about' })
    .min(1, 'domain is required: the host name to ask about')
    .max(253, 'domain is longer than a host name can be')
    .refine(...storable('domain'))
    .meta({
      description: 'The host name (as SNI sends it)',
      examples: ['www.acme-shop.com'],
      param: { example: 'www.acme-shop.com' },
    }),
});
/** The answer for a verified domain; any other host name is a 404. */
export const TlsAskAnswer = z
  .object({
    domain: z.string().meta({ examples: ['shop.example.com'] }),
    verified: z.literal(true),
  })
  .meta({ id: 'TlsAskAnswer', description: 'The host name is a verified custom domain' });
export const ProjectListQuery = PageQuery.extend({
  organization_id: givenId('organization_id', 'org_')
    .optional()
    .meta({
      description: 'Only the projects of this organisation',
      param: { example: 'org_demo' },
    }),
});

/**
 * A name people give: trimmed, 1 to 100 characters, and no control character inside: C0 (tab
 * and line breaks included), DEL and C1. Names are shown on terminals, which would obey them.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const GivenName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(
    NO_CONTROLS,
    'name must not contain control characters (U+0000–U+001F, U+007F–U+009F: a tab, a line break, an escape…)',
  )
  // A JSON escape can name half a surrogate pair ("\ud800"), which no UTF-8 can store: the
  // database would keep U+FFFD in its place.
  .refine((name) => !hasLoneSurrogate(name), {
    message: 'name must be valid Unicode text (it has half of a surrogate pair)',
  });

/**
 * The host name to add. The document carries the rules as `maxLength` and `pattern`, so that a
 * generated client checks them before sending; the server checks them itself with
 * normalizeHostname (which also trims, folds case and converts to punycode), whose messages say
 * which rule a name broke. Set as metadata rather than as zod checks, which would answer first
 * with messages of their own.
 */
const HostName = z.string().meta({
  description:
    'A host name: two labels or more, each 1-63 letters, digits or inner hyphens (an internationalised name is stored as punycode), at most 253 characters; not a URL, an IP address, a wildcard, or the edge domain or a name under it',
  maxLength: 253,
  pattern: HOST_NAME_PATTERN,
  examples: ['shop.example.com'],
});

export const AddDomainBody = z.object({ domain: HostName }).meta({ id: 'AddDomainRequest' });
export const CreateProjectBody = z
  .object({
    name: GivenName,
    organization_id: givenId('organization_id', 'org_'),
    region_id: z
      .string()
      .refine(...storable('region_id'))
      .optional(),
  })
  .meta({ id: 'CreateProjectRequest' });
export const CreateDatabaseBody = z
  .object({ name: GivenName })
  .meta({ id: 'CreateDatabaseRequest' });

export type Project = z.infer<typeof Project>;
export type Database = z.infer<typeof Database>;
export type Domain = z.infer<typeof Domain>;
export type DnsInstructions = z.infer<typeof DnsInstructions>;
export type Region = z.infer<typeof Region>;
export type Plan = z.infer<typeof Plan>;
export type ErrorBody = z.infer<typeof ErrorBody>;
export type DomainPage = z.infer<typeof DomainPage>;
export type ProjectPage = z.infer<typeof ProjectPage>;
