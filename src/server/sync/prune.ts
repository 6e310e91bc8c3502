// The server's pruning timer (docs/decisions/0027-sync-pruning.md): every process runs it; on PostgreSQL a pass
// that finds another process's pass running skips, and deleting what is already gone does nothing.
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { pruneSync } from "./prune.repo";

/** The first pass waits until start-up traffic has passed; later ones come hourly (retention is counted in days). */
const FIRST_PASS_MS = 60_000;
const EVERY_MS = 3_600_000;

export type SyncPruning = {
  /** Stops the timer and waits for a pass under way, so that the database can close after it. */
  stop: () => Promise<void>;
};

export function startSyncPruning(db: Db, now: () => Date, logger: Logger): SyncPruning {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    running = pruneSync(db, now()).then(
      (pruned) => {
        if (pruned && pruned.ops + pruned.days + pruned.habits > 0)
          logger.info({ pruned }, "sync data pruned");
      },
      (err: unknown) => logger.warn({ err }, "pruning sync data failed; the next pass tries again"),
    );
  };
  const first = setTimeout(pass, FIRST_PASS_MS);
  const every = setInterval(pass, EVERY_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
