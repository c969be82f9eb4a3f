import type { DnsInstructions } from '../../src/contract/schemas.js';

/** The edge the DNS tests' domains point at, and prj_demo_scale's target under it. */
export const EDGE = 'edge.domainctl.test';
export const TARGET = `prj-demo-scale.${EDGE}`;

/** The records the API hands out for `domain`, written as the server writes them. */
export function instructionsFor(domain: string): DnsInstructions {
  const key = domain.split('.')[0] as string;
  return {
    cname_host: domain,
    cname_target: TARGET,
    txt_host: `_domainctl-verify.${domain}`,
    txt_value: `domainctl-verify=token${key}`,
    acme_cname_host: `_acme-challenge.${domain}`,
    acme_cname_target: `dom-${key}.acme.${EDGE}`,
  };
}
