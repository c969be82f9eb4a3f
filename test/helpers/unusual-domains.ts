// Domains as the API's description allows but the reference server never writes them: times
// without milliseconds, with offsets or with microseconds; nullable times left out; a UUID as the
// verification token; ids with `+/=`; fields the client does not know. The command tests and the
// UI tests read the same ones (the unusual-answers tests of commands/ and ui/).

export const UNUSUAL_PROJECT = 'prj_unusual';
const DAY_MS = 86_400_000;

/** An instant 40 days and an hour from now: its expiry reads "40 days left" for a while. */
export const fortyDaysOn = () => Date.now() + 40 * DAY_MS + 3_600_000;

/** The records of `name`, with a field the client does not know (ttl_hint). */
export const unusualRecords = (name: string) => ({
  cname_host: name,
  cname_target: 'prj-unusual.edge.example.test',
  txt_host: `_v.${name}`,
  txt_value: `v=${name}`,
  acme_cname_host: `_acme-challenge.${name}`,
  acme_cname_target: `${name.split('.')[0]}.acme.example.test`,
  ttl_hint: 300,
});

/**
 * verified.example.test, verified at 10:15:30 UTC on 2026-03-02 (written without milliseconds),
 * created with microseconds, with labels the client does not know; `more` replaces or adds fields.
 */
export const unusualVerified = (tlsCertExpiry: string, more: Record<string, unknown> = {}) => ({
  id: 'dom_AbC+/=9x==',
  project_id: UNUSUAL_PROJECT,
  domain: 'verified.example.test',
  verified: true,
  verified_at: '2026-03-02T10:15:30Z',
  tls_cert_expiry: tlsCertExpiry,
  dns_verification_token: '8d9f5a4e-3b2c-4d1e-9f0a-1b2c3d4e5f60',
  dns_instructions: unusualRecords('verified.example.test'),
  created_at: '2026-03-02T10:15:30.123456Z',
  updated_at: '2026-03-02T10:15:30+00:00',
  labels: { team: 'web', tier: 1 },
  ...more,
});

/**
 * A pending domain with the nullable times left out altogether; created late on March 1st in New
 * York, which is March 2nd in UTC.
 */
export const unusualPending = (name: string, id: string, token: string) => ({
  id,
  project_id: UNUSUAL_PROJECT,
  domain: name,
  verified: false,
  dns_verification_token: token,
  dns_instructions: unusualRecords(name),
  created_at: '2026-03-01T23:30:00-05:00',
  updated_at: '2026-03-02t04:30:00z',
});
