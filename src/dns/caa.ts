import { caaLookupNames } from './names.js';
import type { CaaAnswer, DnsClient } from './resolver.js';

/**
 * The CA that issues the edge's certificates, as CAA records name it (its "issuer domain name",
 * RFC 8659 section 4.2). The reference edge is modelled on Let's Encrypt, the usual choice for
 * certificates obtained through an `_acme-challenge` CNAME; another API passes its own to
 * `checkRecords`.
 */
export const ISSUING_CA = 'letsencrypt.org';

// Tags a CA understands; a record flagged critical with any other tag forbids issuance.
const KNOWN_TAGS = new Set([
  'issue',
  'issuewild',
  'iodef',
  'contactemail',
  'contactphone',
  'issuemail',
  'issuevmc',
]);

/**
 * Why the relevant CAA record set (`records`, found at `name`) stops `ca` from issuing a
 * certificate for a non-wildcard name, or undefined when it does not. RFC 8659: with no `issue`
 * property any CA may issue; otherwise only a CA named by one (`issue ";"` names none).
 */
export function caaBlocks(name: string, records: CaaAnswer[], ca: string): string | undefined {
  const problem = caaProblem(name, records, ca);
  return problem && `${problem.message}: ${problem.fix}`;
}

/** A CAA problem as what is wrong and what to do about it. */
export interface CaaProblem {
  message: string;
  fix: string;
  /** The records forbid the CA (false: they could not be looked up). */
  blocking: boolean;
}

function caaProblem(
  name: string,
  records: CaaAnswer[],
  ca: string,
): Omit<CaaProblem, 'blocking'> | undefined {
  const critical = records.find((r) => (r.critical & 128) !== 0 && !KNOWN_TAGS.has(r.tag));
  if (critical) {
    return {
      message: `the CAA record at ${name} has a critical "${critical.tag}" tag that CAs do not know, so ${ca} must refuse to issue a certificate`,
      fix: 'remove that record',
    };
  }
  const issue = records.filter((r) => r.tag === 'issue');
  if (issue.length === 0) return undefined;
  const issuers = issue.map((r) => (r.value.split(';')[0] ?? '').trim().toLowerCase());
  if (issuers.includes(ca.toLowerCase())) return undefined;
  const allowed = issuers.filter((i) => i !== '');
  const who =
    allowed.length === 0
      ? 'forbid every CA to issue certificates'
      : `allow only ${allowed.map((i) => `"${i}"`).join(', ')} to issue certificates`;
  return {
    message: `the CAA records at ${name} ${who}, so ${ca} will refuse to issue one for this domain`,
    fix: `add ${name}. CAA 0 issue "${ca}"`,
  };
}

/**
 * Finds the relevant CAA record set of `domain` (the nearest of the name and its parents that has
 * one; all are asked at once) and returns the warnings for it: none, one that says why it blocks
 * `ca`, or one that says it could not be looked up (a CA will not issue while its lookup fails).
 */
export async function caaWarnings(
  client: DnsClient,
  domain: string,
  ca: string = ISSUING_CA,
): Promise<string[]> {
  return (await caaProblems(client, domain, ca)).map((p) =>
    p.blocking ? `${p.message}: ${p.fix}` : p.message,
  );
}

/**
 * The same as `caaWarnings`, each as what is wrong and what to do.
 */
export async function caaProblems(
  client: DnsClient,
  domain: string,
  ca: string = ISSUING_CA,
): Promise<CaaProblem[]> {
  const names = caaLookupNames(domain);
  const answers = await Promise.all(names.map((name) => client.caa(name)));
  for (const [i, answer] of answers.entries()) {
    const name = names[i] as string;
    if (answer.kind === 'error') {
      return [
        {
          message: `the CAA records of ${name} could not be checked (${answer.reason}); a CA will not issue while its own CAA lookup fails`,
          fix: `make the DNS of ${name} answer CAA queries (an empty answer is fine)`,
          blocking: false,
        },
      ];
    }
    if (answer.kind === 'records') {
      const problem = caaProblem(name, answer.records, ca);
      return problem ? [{ ...problem, blocking: true }] : [];
    }
  }
  return [];
}
