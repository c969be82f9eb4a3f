/**
 * Schema migrations, applied in order; PRAGMA user_version records how many have run. Append new
 * ones, never edit one that has shipped: a database file outlives the code that wrote it.
 */
export const migrations: readonly string[] = [
  // 1: the first schema.
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    subject TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
  );
  CREATE TABLE memberships (
    user_id TEXT NOT NULL REFERENCES users(id),
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    PRIMARY KEY (user_id, organization_id)
  ) WITHOUT ROWID;
  CREATE INDEX memberships_org ON memberships(organization_id);
  CREATE TABLE user_features (
    user_id TEXT NOT NULL REFERENCES users(id),
    feature TEXT NOT NULL,
    PRIMARY KEY (user_id, feature)
  ) WITHOUT ROWID;
  CREATE TABLE api_keys (
    key_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE regions (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
  );
  CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    region_id TEXT NOT NULL REFERENCES regions(id),
    plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'scale', 'enterprise')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX projects_org_page ON projects(organization_id, created_at DESC, id DESC);
  CREATE TABLE databases (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects(id),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX databases_page ON databases(project_id, created_at DESC, id DESC);
  CREATE TABLE domains (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects(id),
    domain TEXT NOT NULL,
    verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
    verified_at TEXT,
    tls_cert_expiry TEXT,
    dns_verification_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  -- A host name belongs to one project at most, across every project.
  CREATE UNIQUE INDEX domains_host ON domains(domain);
  CREATE INDEX domains_page ON domains(project_id, created_at DESC, id DESC);
  `,
  // 2: the verifier reads pending domains in batches without scanning verified ones.
  `
  CREATE INDEX domains_pending ON domains(id) WHERE verified = 0;
  `,
  // 3: the seeds a database has had, so that `--seed demo` on every start seeds once: a demo row
  // deleted through the API is an acknowledged write and must not come back on a restart.
  `
  CREATE TABLE seeds (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 4: when a pending domain is next due for a look-up, so that verifiers sharing the database
  // claim it in turn instead of each looking it up (Store.claimPendingDomains).
  `
  ALTER TABLE domains ADD COLUMN check_after TEXT;
  `,
];
