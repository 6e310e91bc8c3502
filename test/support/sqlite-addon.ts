import Database from "better-sqlite3";

/** Whether better-sqlite3's addon loads on this Node (on Node 24 here the app uses node:sqlite, decision 0021). */
export const betterSqliteLoads = (() => {
  try {
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
})();

/** The ids in table `t` of the file as another connection (another process) sees them: only committed rows. */
export function committedIds(file: string): number[] {
  const other = new Database(file, { readonly: true });
  try {
    return (other.prepare("select id from t order by id").all() as { id: number }[]).map((r) => r.id);
  } finally {
    other.close();
  }
}
