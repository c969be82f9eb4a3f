/**
 * The PostgreSQL schema, migration by migration, numbered as SQLite's are (sqlite/migrations.ts):
 * migrations 1 to 4 here make the same changes as 1 to 4 there, in this dialect; 5 and 6 are
 * PostgreSQL's own (SQLite's change mark needs nothing in the schema). The table
 * schema_migrations records which have run. Append new ones, never edit one that has shipped.
 *
 * Keys and times are text in the "C" collation: the store hands out and compares the same ISO
 * strings and ids as the SQLite one, byte by byte, so lists sort the same, a page token means
 * the same position on either store, and the database's default collation (which may ignore
 * "_" or case when it sorts) changes nothing.
 */
export const migrations: readonly string[] = [
  // 1: the first schema.
  `
  CREATE TABLE organizations (
    id text COLLATE "C" PRIMARY KEY,
    name text NOT NULL,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE TABLE users (
    id text COLLATE "C" PRIMARY KEY,
    subject text NOT NULL UNIQUE,
    name text NOT NULL
  );
  CREATE TABLE memberships (
    user_id text COLLATE "C" NOT NULL REFERENCES users(id),
    organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
    PRIMARY KEY (user_id, organization_id)
  );
  CREATE INDEX memberships_org ON memberships(organization_id);
  CREATE TABLE user_features (
    user_id text COLLATE "C" NOT NULL REFERENCES users(id),
    feature text NOT NULL,
    PRIMARY KEY (user_id, feature)
  );
  CREATE TABLE api_keys (
    key_hash text PRIMARY KEY,
    user_id text COLLATE "C" NOT NULL REFERENCES users(id),
    name text NOT NULL,
    created_at text NOT NULL
  );
  CREATE TABLE regions (
    id text COLLATE "C" PRIMARY KEY,
    name text NOT NULL
  );
  CREATE TABLE projects (
    id text COLLATE "C" PRIMARY KEY,
    name text NOT NULL,
    organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
    region_id text COLLATE "C" NOT NULL REFERENCES regions(id),
    plan text NOT NULL CHECK (plan IN ('free', 'pro', 'scale', 'enterprise')),
    created_at text COLLATE "C" NOT NULL,
    updated_at text NOT NULL
  );
  CREATE INDEX projects_org_page ON projects(organization_id, created_at DESC, id DESC);
  CREATE TABLE databases (
    id text COLLATE "C" PRIMARY KEY,
    project_id text COLLATE "C" NOT NULL REFERENCES projects(id),
    name text NOT NULL,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX databases_page ON databases(project_id, created_at DESC, id DESC);
  CREATE TABLE domains (
    id text COLLATE "C" PRIMARY KEY,
    project_id text COLLATE "C" NOT NULL REFERENCES projects(id),
    domain text COLLATE "C" NOT NULL,
    verified boolean NOT NULL DEFAULT false,
    verified_at text,
    tls_cert_expiry text,
    dns_verification_token text NOT NULL,
    created_at text COLLATE "C" NOT NULL,
    updated_at text NOT NULL
  );
  -- A host name belongs to one project at most, across every project and every instance.
  CREATE UNIQUE INDEX domains_host ON domains(domain);
  CREATE INDEX domains_page ON domains(project_id, created_at DESC, id DESC);
  `,
  // 2: the verifier reads pending domains in batches without scanning verified ones.
  `
  CREATE INDEX domains_pending ON domains(id) WHERE NOT verified;
  `,
  // 3: the seeds a database has had, so that `--seed demo` on every start seeds once.
  `
  CREATE TABLE seeds (
    name text PRIMARY KEY,
    applied_at text NOT NULL
  );
  `,
  // 4: when a pending domain is next due for a look-up, so that verifiers claim it in turn.
  `
  ALTER TABLE domains ADD COLUMN check_after timestamptz;
  `,
  // 5: a number that moves with every change to what decides access (keys, users, memberships,
  // flags, projects), in the transaction that makes it: every statement of a request reads it,
  // so an instance can keep callers and visible projects and still see, within the statement
  // that answers, whether what it kept is out of date (postgres/access-check.ts). A new project
  // or API key is in no one's cache, so adding one leaves the number alone.
  `
  CREATE TABLE access_version (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    n bigint NOT NULL
  );
  INSERT INTO access_version (n) VALUES (0);
  CREATE FUNCTION bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE access_version SET n = n + 1;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER users_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
  CREATE TRIGGER memberships_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
    FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
  CREATE TRIGGER user_features_access AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_features
    FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
  CREATE TRIGGER api_keys_access AFTER UPDATE OR DELETE OR TRUNCATE ON api_keys
    FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
  CREATE TRIGGER projects_access AFTER UPDATE OR DELETE OR TRUNCATE ON projects
    FOR EACH STATEMENT EXECUTE FUNCTION bump_access_version();
  `,
  // 6: a number for each project's list of domains that moves with every change to a row that
  // list shows, in the transaction that makes it: the statement of a page reads it in the same
  // snapshot as the rows, so an instance that keeps a serialized page asks for the rows only if
  // the number moved since (postgres/request-queries.ts). A project with no row is at 0; the
  // number only grows, so a page kept at one number is never mistaken for another. check_after
  // (the verifier's claims) is not shown in a list, so claiming moves nothing. Triggers of the
  // statement, with its rows as transition tables: a statement that writes many rows (a seed)
  // moves each project's number once, and projects are taken in order, so two statements that
  // write to the same projects wait for each other rather than deadlock.
  `
  CREATE TABLE domain_list_version (
    project_id text COLLATE "C" PRIMARY KEY,
    n bigint NOT NULL
  );
  INSERT INTO domain_list_version (project_id, n) SELECT DISTINCT project_id, 1 FROM domains;
  CREATE FUNCTION bump_domain_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO domain_list_version AS l (project_id, n)
        SELECT DISTINCT project_id, 1 FROM new_rows ORDER BY project_id
        ON CONFLICT (project_id) DO UPDATE SET n = l.n + 1;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO domain_list_version AS l (project_id, n)
        SELECT DISTINCT project_id, 1 FROM old_rows ORDER BY project_id
        ON CONFLICT (project_id) DO UPDATE SET n = l.n + 1;
    ELSE
      -- The rows whose shown columns changed, as they were and as they are.
      INSERT INTO domain_list_version AS l (project_id, n)
        SELECT DISTINCT project_id, 1 FROM (
          (SELECT id, project_id, domain, verified, verified_at, tls_cert_expiry,
             dns_verification_token, created_at, updated_at FROM old_rows
           EXCEPT ALL
           SELECT id, project_id, domain, verified, verified_at, tls_cert_expiry,
             dns_verification_token, created_at, updated_at FROM new_rows)
          UNION ALL
          (SELECT id, project_id, domain, verified, verified_at, tls_cert_expiry,
             dns_verification_token, created_at, updated_at FROM new_rows
           EXCEPT ALL
           SELECT id, project_id, domain, verified, verified_at, tls_cert_expiry,
             dns_verification_token, created_at, updated_at FROM old_rows)
        ) changed ORDER BY project_id
        ON CONFLICT (project_id) DO UPDATE SET n = l.n + 1;
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER domains_list_insert AFTER INSERT ON domains REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_domain_list_versions();
  CREATE TRIGGER domains_list_delete AFTER DELETE ON domains REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_domain_list_versions();
  CREATE TRIGGER domains_list_update AFTER UPDATE ON domains
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_domain_list_versions();
  CREATE FUNCTION bump_every_domain_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE domain_list_version SET n = n + 1;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER domains_list_truncate AFTER TRUNCATE ON domains
    FOR EACH STATEMENT EXECUTE FUNCTION bump_every_domain_list_version();
  `,
];
