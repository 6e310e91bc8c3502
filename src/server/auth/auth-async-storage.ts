// Better Auth keeps its request state in AsyncLocalStorage. On Node 20 a storage that has ever run keeps Node's
// promise hooks on, for every promise of every request, signed in or not: 8 to 10 % of the CPU of an in-sync pull
// or a push (docs/decisions/0042-auth-async-storage.md). Between Better Auth's requests nothing reads its
// stores, so its storages are turned off while none is under way; its next run() turns them on again. On Node 24
// AsyncLocalStorage has no hooks (AsyncContextFrame) and this changes nothing measurable.
import { AsyncLocalStorage } from "node:async_hooks";

/** Where Better Auth keeps its storages, one set per process (@better-auth/core, context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

let underWay = 0;

/** Better Auth's AsyncLocalStorage instances in this process (none before its first request). */
export function authStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

/** Turns Better Auth's storages off when none of its requests is under way. */
export function quietAuthStorages(): void {
  if (underWay > 0) return;
  for (const storage of authStorages()) storage.disable();
}

/**
 * Runs one call into Better Auth (its handler, or its API) and, when it was the last under way, turns its
 * storages off. Its answer is complete by then: Better Auth awaits its own work before it answers (no background
 * task handler is configured, see auth.ts).
 */
export async function withAuthStorages<T>(call: () => Promise<T>): Promise<T> {
  underWay++;
  try {
    return await call();
  } finally {
    underWay--;
    quietAuthStorages();
  }
}
