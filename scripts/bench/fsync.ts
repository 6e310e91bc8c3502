// What the disk allows for writes: single-row commits a second with the app's SQLite settings (WAL,
// synchronous=FULL: each commit waits for its fsync), on a file in the server's data folder, so on the same disk.
import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { join } from "node:path";

export function singleRowCommitRate(dir: string, seconds: number): number {
  const file = join(dir, "fsync-reference.db");
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec("create table if not exists t (id integer primary key, at real not null)");
    const insert = db.prepare("insert into t (at) values (?)");
    const commit = db.transaction((at: number) => insert.run(at));
    const end = performance.now() + seconds * 1000;
    const start = performance.now();
    let commits = 0;
    for (let now = start; now < end; now = performance.now()) {
      commit(now);
      commits++;
    }
    return commits / ((performance.now() - start) / 1000);
  } finally {
    db.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  }
}
