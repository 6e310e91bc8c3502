// The store engine loads after the first paint (the initial JavaScript budget, docs/decisions/0025): until then the
// screens see the loading state, and a write waits for the engine rather than being lost.
import { retryImport } from "../pwa/retry-import";
import type { StoreSnapshot, SyncEngine } from "./sync-engine";

const loadingSnapshot: StoreSnapshot = {
  status: "loading",
  source: null,
  habits: [],
  // As replica-state's emptyReplica(), written out: that module loads with the engine, after the first paint.
  replica: {
    habits: new Map(),
    done: new Map(),
    skipped: new Map(),
    settings: { dayStart: 0, vacations: [] },
  },
  pending: 0,
  meta: {},
};

const engines = new Map<string, SyncEngine>();

// Without the engine no screen leaves its loading state, so its code is fetched until it arrives: after
// retryImport's quick retries, again when the connection returns or after ENGINE_RETRY_MS (a server restarting).
export const ENGINE_RETRY_MS = 10_000;
const nextChance = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ENGINE_RETRY_MS);
    window.addEventListener("online", done);
  });
let moduleLoad: Promise<typeof import("./sync-engine")> | undefined;
const engineModule = () =>
  (moduleLoad ??= (async () => {
    for (;;) {
      try {
        return await retryImport(() => import("./sync-engine"));
      } catch {
        await nextChance();
      }
    }
  })());

export type StoreWrites = Awaited<ReturnType<typeof engineModule>>["storeWrites"];
let storeWrites: StoreWrites | undefined;

/** The habit writes (store-writes.ts), loaded with the engine: one chunk after the first paint. */
export const loadStoreWrites = async () => (storeWrites ??= (await engineModule()).storeWrites);

/**
 * The habit writes once loaded, else undefined. A write through them applies to the store in the same task (a
 * tick shows in the frame after its click): awaiting the import again, even of a module already loaded, resolves in
 * a task of its own, which could come before or after that frame (a tick's INP).
 */
export const loadedStoreWrites = (): StoreWrites | undefined => storeWrites;

function lazyEngine(userId: string, beforeLoad: (userId: string) => Promise<unknown>): SyncEngine {
  let engine: SyncEngine | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const loaded = engineModule().then((module) => {
    engine = module.createSyncEngine(userId, beforeLoad);
    engine.subscribe(notify);
    notify();
    return engine;
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => engine?.getSnapshot() ?? loadingSnapshot,
    write: async (op) => (await loaded).write(op),
    removeHeld: async (op, holdMs) => (await loaded).removeHeld(op, holdMs),
    undo: async (opId) => (await loaded).undo(opId),
    importAll: async (rows, newId) => (await loaded).importAll(rows, newId),
    sync: async (full) => (await loaded).sync(full),
  };
}

/** One engine per user and page; the first caller's `beforeLoad` (app/ gives the migration) runs before it opens. */
export function syncEngineFor(userId: string, beforeLoad: (userId: string) => Promise<unknown>): SyncEngine {
  let engine = engines.get(userId);
  if (!engine) {
    engine = lazyEngine(userId, beforeLoad);
    engines.set(userId, engine);
  }
  return engine;
}
