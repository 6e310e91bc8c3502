// A statement built once per database with placeholder values, then run with each call's own: for so small a
// read, building the query through Kysely cost more than running it (cache/sync-position.repo.ts: a third of an
// in-sync pull; sync/settings.repo.ts: a twentieth of a REST mark, docs/performance.md).
import type { CompiledQuery } from "kysely";
import type { Db } from "./database";

/** `build`'s statement, compiled on its first run against each database; runs it with `parameters`, in order. */
export function compiledOnce<Row>(build: (db: Db) => { compile(): CompiledQuery<unknown> }) {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db: Db, parameters: readonly unknown[]): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile() as CompiledQuery<Row>));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}
