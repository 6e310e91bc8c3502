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
