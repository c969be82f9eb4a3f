/** A postgres:// or postgresql:// URL: `--db` names a PostgreSQL database rather than a file. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db);

/** `db` as it may be printed: a URL without its password. */
export function displayDb(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    url.password = '';
    return url.toString();
  } catch {
    return db.replace(/\/\/[^@/]*@/, '//');
  }
}
