// A schema checked, at compile time, to parse to exactly a hand-written type of the contract (docs/decisions/0026):
// `satisfies z.ZodType<T>` alone lets the type gain a field the schema lacks (an optional one, say) unnoticed.
import type { z } from "zod";

type Flat<T> = T extends readonly (infer Item)[]
  ? Flat<Item>[]
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;
/** True when A and B are the same type (not merely assignable either way); intersections are flattened first. */
export type Same<A, B> =
  (<G>() => G extends Flat<A> ? 1 : 2) extends <G>() => G extends Flat<B> ? 1 : 2 ? true : false;

/** `exactly<SyncPull>()(schema)`: the schema, when its output is exactly `T`; a compile error names the drift. */
export const exactly =
  <T>() =>
  <S extends z.ZodType<T>>(
    schema: S & (Same<z.output<S>, T> extends true ? unknown : { differsFrom: T }),
  ): S =>
    schema;
