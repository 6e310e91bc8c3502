// The Loop export's file (core/loop-import/loop-export.ts), written by sql.js as the browser loads it
// (loop-engines.ts); the tests run the same with sql.js's node build.
import {
  loopExportRows,
  writeLoopDatabase,
  type LoopExportInput,
} from "../../../core/loop-import/loop-export";
import type { SqlJs } from "./loop-engines";

/** The bytes of a Loop backup of version 25 holding `input`'s habits. */
export function loopFileBytes(SQL: SqlJs, input: LoopExportInput): Uint8Array {
  const db = new SQL.Database();
  try {
    writeLoopDatabase(
      {
        exec: (sql) => db.run(sql),
        insert: (sql, rows) => {
          const statement = db.prepare(sql);
          try {
            for (const row of rows) statement.run(row);
          } finally {
            statement.free();
          }
        },
      },
      loopExportRows(input),
    );
    return db.export();
  } finally {
    db.close();
  }
}
