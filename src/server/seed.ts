import { CUSTOM_DOMAINS_FLAG } from '../contract/errors.js';
import { hashApiKey, randomToken } from './ids.js';
import type { Store } from './store.js';

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

/**
 * The demo data of DESIGN.md section 2. Idempotent: a database records that it was seeded and is
 * seeded once, so seeding it again changes nothing, and a demo row deleted since stays deleted.
 * (Every row also has a fixed id and goes in with INSERT OR IGNORE, so a database seeded before
 * that record existed is completed, never duplicated.) Dates are relative to the first seeding, so
 * the TLS expiries look alive (one expires within 14 days).
 */
export function seedDemo(store: Store, now: Date = new Date()): void {
  const db = store.db;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);

  db.transaction(() => {
    if (db.prepare('SELECT 1 FROM seeds WHERE name = ?').get('demo')) return;
    run('INSERT INTO seeds (name, applied_at) VALUES (?, ?)', 'demo', now.toISOString());
    for (const [id, name] of [
      ['eu-west', 'Europe West (Frankfurt)'],
      ['us-east', 'US East (Virginia)'],
      ['ap-south', 'Asia Pacific South (Singapore)'],
    ]) {
      run('INSERT OR IGNORE INTO regions (id, name) VALUES (?, ?)', id, name);
    }
    run(
      'INSERT OR IGNORE INTO organizations VALUES (?, ?, ?)',
      'org_demo',
      'Demo Org',
      at(200 * DAY),
    );
    run(
      'INSERT OR IGNORE INTO organizations VALUES (?, ?, ?)',
      'org_other',
      'Other Org',
      at(200 * DAY),
    );

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
    for (const user of users) {
      run('INSERT OR IGNORE INTO users VALUES (?, ?, ?)', user.id, user.subject, user.name);
      run('INSERT OR IGNORE INTO memberships VALUES (?, ?)', user.id, user.org);
      if (user.flag)
        run('INSERT OR IGNORE INTO user_features VALUES (?, ?)', user.id, CUSTOM_DOMAINS_FLAG);
      if (user.key) {
        run(
          'INSERT OR IGNORE INTO api_keys VALUES (?, ?, ?, ?)',
          hashApiKey(user.key),
          user.id,
          'demo key',
          at(100 * DAY),
        );
      }
    }

    // Listed newest first: scale, enterprise, free.
    const projects = [
      ['prj_demo_free', 'Demo Free', 'org_demo', 'us-east', 'free', at(150 * DAY)],
      [
        'prj_demo_enterprise',
        'Demo Enterprise',
        'org_demo',
        'eu-west',
        'enterprise',
        at(140 * DAY),
      ],
      ['prj_demo_scale', 'Demo Scale', 'org_demo', 'eu-west', 'scale', at(130 * DAY)],
      ['prj_other', 'Other Project', 'org_other', 'ap-south', 'scale', at(120 * DAY)],
    ];
    for (const [id, name, org, region, plan, created] of projects) {
      run(
        'INSERT OR IGNORE INTO projects VALUES (?, ?, ?, ?, ?, ?, ?)',
        id,
        name,
        org,
        region,
        plan,
        created,
        created,
      );
    }
    run(
      'INSERT OR IGNORE INTO databases VALUES (?, ?, ?, ?)',
      'db_demo_main',
      'prj_demo_scale',
      'main',
      at(129 * DAY),
    );
    run(
      'INSERT OR IGNORE INTO databases VALUES (?, ?, ?, ?)',
      'db_demo_analytics',
      'prj_demo_scale',
      'analytics',
      at(60 * DAY),
    );

    const insertDomain = db.prepare(
      `INSERT OR IGNORE INTO domains (id, project_id, domain, verified, verified_at, tls_cert_expiry,
         dns_verification_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < DEMO_DOMAIN_COUNT; i++) {
      const host = `${subdomains[i % subdomains.length]}.${zones[Math.floor(i / subdomains.length)]}`;
      // One a day, newest first; the oldest is from 84 days ago, so its 90-day certificate
      // expires within 14 days and shows the warning.
      const createdAgo = i === DEMO_DOMAIN_COUNT - 1 ? 84 * DAY : i * DAY + 3 * HOUR;
      const verified = i % 3 !== 1;
      const verifiedAgo = createdAgo - HOUR;
      insertDomain.run(
        `dom_demo_${String(i + 1).padStart(2, '0')}`,
        'prj_demo_scale',
        host,
        verified ? 1 : 0,
        verified ? at(verifiedAgo) : null,
        verified ? at(verifiedAgo - 90 * DAY) : null,
        randomToken(24),
        at(createdAgo),
        verified ? at(verifiedAgo) : at(createdAgo),
      );
    }
  })();
}
