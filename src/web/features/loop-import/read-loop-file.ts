// A chosen file to Loop's habits (docs/decisions/0036): the size is checked before reading, the first bytes tell a
// SQLite file from a zip, and each format's reader is loaded only when a file of its kind is chosen.
import { isLoopCsvFile, readLoopCsvExport } from "../../../core/loop-import/loop-csv-export";
import { readLoopDatabase, type SqlExec } from "../../../core/loop-import/loop-database";
import {
  LOOP_MAX_CSV_BYTES,
  LOOP_MAX_FILE_BYTES,
  loopProblem,
  type LoopRead,
} from "../../../core/loop-import/loop-habit";

/** An open SQLite file: statements run on it, then it is closed. */
export type SqliteFile = { exec: SqlExec; close: () => void };

/** Where the two readers come from: lazy chunks in the browser (loop-engines.ts), node_modules in tests. */
export type LoopEngines = {
  openSqlite: (bytes: Uint8Array) => Promise<SqliteFile>;
  unzip: () => Promise<typeof import("fflate")>;
};

export type LoopFile = Pick<File, "size" | "arrayBuffer">;

/** What a reader that could not be loaded (a chunk or the WebAssembly file) throws. */
export class ReaderUnavailable extends Error {}

const SQLITE_HEADER = "SQLite format 3\0";
/** Thrown from the unzip's filter to stop it at LOOP_MAX_CSV_BYTES. */
class CsvTooLarge extends Error {}

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && [...text].every((ch, i) => bytes[i] === ch.charCodeAt(0));
const isZip = (bytes: Uint8Array) => startsWith(bytes, "PK\x03\x04") || startsWith(bytes, "PK\x05\x06");
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function load<T>(part: () => Promise<T>): Promise<T> {
  try {
    return await part();
  } catch (error) {
    throw new ReaderUnavailable(messageOf(error));
  }
}

async function readDatabase(bytes: Uint8Array, engines: LoopEngines): Promise<LoopRead> {
  const file = await load(() => engines.openSqlite(bytes));
  try {
    return readLoopDatabase(file.exec);
  } catch (error) {
    // SQLite's own words: "database disk image is malformed", "file is not a database".
    return loopProblem({ kind: "damaged", detail: messageOf(error) });
  } finally {
    file.close();
  }
}

async function readZip(bytes: Uint8Array, engines: LoopEngines): Promise<LoopRead> {
  const { unzipSync } = await load(engines.unzip);
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (entry) => {
        if (!isLoopCsvFile(entry.name)) return false;
        total += entry.originalSize;
        if (total > LOOP_MAX_CSV_BYTES) throw new CsvTooLarge();
        return true;
      },
    });
  } catch (error) {
    if (error instanceof CsvTooLarge) return loopProblem({ kind: "csvTooLarge" });
    return loopProblem({ kind: "damaged", detail: messageOf(error) });
  }
  const decoder = new TextDecoder();
  const files = new Map(Object.entries(entries).map(([path, data]) => [path, decoder.decode(data)]));
  return readLoopCsvExport(files);
}

/** Loop's habits in the file, or why it cannot be imported. Rejects with ReaderUnavailable only. */
export async function readLoopFile(file: LoopFile, engines: LoopEngines): Promise<LoopRead> {
  if (file.size > LOOP_MAX_FILE_BYTES) return loopProblem({ kind: "tooLarge" });
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return loopProblem({ kind: "damaged", detail: messageOf(error) });
  }
  if (startsWith(bytes, SQLITE_HEADER)) return readDatabase(bytes, engines);
  if (isZip(bytes)) return readZip(bytes, engines);
  return loopProblem({ kind: "notLoop" });
}
