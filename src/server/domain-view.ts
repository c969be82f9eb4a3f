import type { Domain } from '../contract/schemas.js';
import type { DomainRow } from './store.js';

export interface DnsSettings {
  /** The word in the TXT record's host and value: `_<label>-verify.<domain>`. */
  label: string;
  /** The edge host names hang under: `<project>.<edge>` and `<domain id>.acme.<edge>`. */
  edgeDomain: string;
}

// Identifiers carry "_", which is not allowed in host names, so targets write it as "-".
const hostSafe = (id: string) => id.replaceAll('_', '-');

/** Where a project's CNAME records point; the same for every domain of a page. */
export function projectTarget(projectId: string, settings: DnsSettings): string {
  return `${hostSafe(projectId)}.${settings.edgeDomain}`;
}

/** A stored domain as the API shows it, with the DNS records it needs. */
export function toDomain(
  row: DomainRow,
  settings: DnsSettings,
  cnameTarget: string = projectTarget(row.project_id, settings),
): Domain {
  return {
    id: row.id,
    project_id: row.project_id,
    domain: row.domain,
    verified: row.verified === 1,
    verified_at: row.verified_at,
    tls_cert_expiry: row.tls_cert_expiry,
    dns_verification_token: row.dns_verification_token,
    dns_instructions: {
      cname_host: row.domain,
      cname_target: cnameTarget,
      txt_host: `_${settings.label}-verify.${row.domain}`,
      txt_value: `${settings.label}-verify=${row.dns_verification_token}`,
      acme_cname_host: `_acme-challenge.${row.domain}`,
      acme_cname_target: `${hostSafe(row.id)}.acme.${settings.edgeDomain}`,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
