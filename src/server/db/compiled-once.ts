// A statement built once per database with placeholder values, then run with each call's own: for so small a
// statement, building the query through Kysely cost more than running it (sync/change-hub.ts: a third of an
// in-sync pull; the writes of a tick and a REST mark: docs/decisions/0058-write-path.md).
import type { CompiledQuery, QueryResult } from "kysely";
import type { Db } from "./database";

type Compilable = { compile(): CompiledQuery<unknown> };

/** `build`'s statement, compiled on its first run against each database; runs it with `parameters`, in order. */
export function compiledOnce<Row>(build: (db: Db) => Compilable) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db: Db, parameters: readonly unknown[]): Promise<Row[]> => {
    const { rows } = await db.executeQuery<Row>({ ...compiledFor(compiled, db, build), parameters });
    return rows;
  };
}

/**
 * `build`'s statement, compiled once per database, with named values: `build` gives each value that changes from
 * call to call as the string ":name" (`named("name")`), and each run takes them from `values`; other values stay.
 */
export function compiledNamed<Row, Values extends Record<string, unknown>>(build: (db: Db) => Compilable) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Db, values: Values): Promise<QueryResult<Row>> => {
    const query = compiledFor(compiled, db, build);
    const parameters = query.parameters.map((value) =>
      typeof value === "string" && value.startsWith(":") ? values[value.slice(1)] : value,
    );
    return db.executeQuery<Row>({ ...query, parameters });
  };
}

/** A named value's place in a statement built for compiledNamed, typed as the column's value. */
export const named = <T = never>(name: string): T => `:${name}` as T;

// By the database's adapter, which a transaction shares with its database: the statement is the same in both.
function compiledFor<Row>(
  compiled: WeakMap<object, CompiledQuery<Row>>,
  db: Db,
  build: (db: Db) => Compilable,
): CompiledQuery<Row> {
  const key = db.getExecutor().adapter;
  let query = compiled.get(key);
  if (!query) compiled.set(key, (query = build(db).compile() as CompiledQuery<Row>));
  return query;
}
