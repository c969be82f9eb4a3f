import { CUSTOM_DOMAINS_FLAG } from '../contract/errors.js';
import { hashApiKey, randomToken } from './ids.js';
import type { DomainRow, ProjectRow, SeedRows, Store } from './store.js';

/** The well-known demo keys; they exist only in a database seeded with `--seed demo`. */
export const DEMO_KEYS = {
  tester: 'dk_demo_tester',
  outsider: 'dk_demo_outsider',
} as const;

export const DEMO_PROJECTS = {
  scale: 'prj_demo_scale',
  enterprise: 'prj_demo_enterprise',
  free: 'prj_demo_free',
  other: 'prj_other',
} as const;

export const DEMO_DOMAIN_COUNT = 45;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const subdomains = ['www', 'api', 'app', 'shop', 'docs', 'status', 'blog', 'cdn', 'mail'];
const zones = ['acme-shop.com', 'northwind.io', 'example-store.net', 'contoso.dev', 'globex.org'];

/** The rows of the demo data, with dates relative to `now`. */
export function demoRows(now: Date): SeedRows {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const users = [
    {
      id: 'usr_demo_tester',
      subject: 'demo-tester',
      name: 'Demo Tester',
      org: 'org_demo',
      key: DEMO_KEYS.tester,
      flag: true,
    },
    {
      id: 'usr_demo_outsider',
      subject: 'demo-outsider',
      name: 'Demo Outsider',
      org: 'org_demo',
      key: DEMO_KEYS.outsider,
      flag: false,
    },
    {
      id: 'usr_other_owner',
      subject: 'other-owner',
      name: 'Other Owner',
      org: 'org_other',
      key: undefined,
      flag: true,
    },
  ];

  const domains: DomainRow[] = [];
  for (let i = 0; i < DEMO_DOMAIN_COUNT; i++) {
    const host = `${subdomains[i % subdomains.length]}.${zones[Math.floor(i / subdomains.length)]}`;
    // One a day, newest first; the oldest is from 84 days ago, so its 90-day certificate
    // expires within 14 days and shows the warning.
    const createdAgo = i === DEMO_DOMAIN_COUNT - 1 ? 84 * DAY : i * DAY + 3 * HOUR;
    const verified = i % 3 !== 1;
    const verifiedAgo = createdAgo - HOUR;
    domains.push({
      id: `dom_demo_${String(i + 1).padStart(2, '0')}`,
      project_id: 'prj_demo_scale',
      domain: host,
      verified: verified ? 1 : 0,
      verified_at: verified ? at(verifiedAgo) : null,
      tls_cert_expiry: verified ? at(verifiedAgo - 90 * DAY) : null,
      dns_verification_token: randomToken(24),
      created_at: at(createdAgo),
      updated_at: verified ? at(verifiedAgo) : at(createdAgo),
    });
  }

  // Listed newest first: scale, enterprise, free.
  const project = (
    id: string,
    name: string,
    organization_id: string,
    region_id: string,
    plan: ProjectRow['plan'],
    created: string,
  ): ProjectRow => ({
    id,
    name,
    organization_id,
    region_id,
    plan,
    created_at: created,
    updated_at: created,
  });

  return {
    regions: [
      { id: 'eu-west', name: 'Europe West (Frankfurt)' },
      { id: 'us-east', name: 'US East (Virginia)' },
      { id: 'ap-south', name: 'Asia Pacific South (Singapore)' },
    ],
    organizations: [
      { id: 'org_demo', name: 'Demo Org', created_at: at(200 * DAY) },
      { id: 'org_other', name: 'Other Org', created_at: at(200 * DAY) },
    ],
    users: users.map(({ id, subject, name }) => ({ id, subject, name })),
    memberships: users.map((u) => ({ user_id: u.id, organization_id: u.org })),
    features: users
      .filter((u) => u.flag)
      .map((u) => ({ user_id: u.id, feature: CUSTOM_DOMAINS_FLAG })),
    apiKeys: users.flatMap((u) =>
      u.key
        ? [
            {
              key_hash: hashApiKey(u.key),
              user_id: u.id,
              name: 'demo key',
              created_at: at(100 * DAY),
            },
          ]
        : [],
    ),
    projects: [
      project('prj_demo_free', 'Demo Free', 'org_demo', 'us-east', 'free', at(150 * DAY)),
      project(
        'prj_demo_enterprise',
        'Demo Enterprise',
        'org_demo',
        'eu-west',
        'enterprise',
        at(140 * DAY),
      ),
      project('prj_demo_scale', 'Demo Scale', 'org_demo', 'eu-west', 'scale', at(130 * DAY)),
      project('prj_other', 'Other Project', 'org_other', 'ap-south', 'scale', at(120 * DAY)),
    ],
    databases: [
      { id: 'db_demo_main', project_id: 'prj_demo_scale', name: 'main', created_at: at(129 * DAY) },
      {
        id: 'db_demo_analytics',
        project_id: 'prj_demo_scale',
        name: 'analytics',
        created_at: at(60 * DAY),
      },
    ],
    domains,
  };
}

/**
 * The demo data (docs/server.md, "Demo data"). Idempotent: a database records that it was seeded and is
 * seeded once, so seeding it again changes nothing, and a demo row deleted since stays deleted.
 * (Every row also has a fixed id and is kept if there already, so a database seeded before that
 * record existed is completed, never duplicated.) Dates are relative to the first seeding, so the
 * TLS expiries look alive (one expires within 14 days). Resolves true if it seeded.
 */
export function seedDemo(store: Store, now: Date = new Date()): Promise<boolean> {
  return store.applySeed('demo', now.toISOString(), demoRows(now));
}

/** The ids of the demo's own domains (the demo's DNS leaves out the pending ones). */
export function demoDomainIds(): string[] {
  return demoRows(new Date()).domains.map((domain) => domain.id);
}
