// The browser's readers of Loop backups, each loaded on first use: sql.js (SQLite compiled to WebAssembly, its
// .wasm served from /assets) for a .db, fflate for a zip (docs/decisions/0036).
import type { LoopEngines, SqliteFile } from "./read-loop-file";

export type SqlJs = Awaited<ReturnType<(typeof import("sql.js"))["default"]>>;
let sqlJs: Promise<SqlJs> | null = null;

async function loadSqlJs(): Promise<SqlJs> {
  const [{ default: init }, { default: wasmUrl }] = await Promise.all([
    import("sql.js"),
    import("sql.js/dist/sql-wasm-browser.wasm?url"),
  ]);
  return init({ locateFile: () => wasmUrl });
}

/** sql.js, loaded on first use: the importer reads with it, the Loop export writes with it. */
export function browserSqlJs(): Promise<SqlJs> {
  return (sqlJs ??= loadSqlJs().catch((error: unknown) => {
    sqlJs = null; // a failed fetch may work on the next try
    throw error;
  }));
}

export const browserEngines: LoopEngines = {
  async openSqlite(bytes): Promise<SqliteFile> {
    const SQL = await browserSqlJs();
    const db = new SQL.Database(bytes);
    return {
      exec: (sql) =>
        db
          .exec(sql)
          .flatMap(({ columns, values }) =>
            values.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] ?? null]))),
          ),
      close: () => db.close(),
    };
  },
  unzip: () => import("fflate"),
};
