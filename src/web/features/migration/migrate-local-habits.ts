// Migration (docs/product.md, "Backup, import and export"): once signed in, habits kept in this browser are copied to
// the server when it holds none. It runs as part of the first visit (habitStreaksFirstVisit) and before the habit
// list loads, so the list never flashes empty before the migrated habits appear. The server skips when it already
// holds habits, which makes a second or interrupted run harmless; local data is removed only once at least one was
// copied.
import { MIGRATION_MESSAGE_MS } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";
import { ApiError, failureText } from "../../lib/api";
import { isFirstVisitDone, markFirstVisitDone } from "../../lib/storage";
import { dismissNotice, type NoticeKind, showNotice } from "../../ui/notices";
import { habitsApi, type MigrationResult } from "../../lib/habits/habits-api";
import { readLocalItems, removeLocalHabits } from "../../lib/habits/local-habits";

export type MigrationOutcome =
  { kind: "nothing" } | { kind: "done"; result: MigrationResult } | { kind: "failed" } | { kind: "unable" };

const say = (kind: NoticeKind, text: string) => showNotice(kind, text, MIGRATION_MESSAGE_MS);

export function migrationMessage(result: MigrationResult): { kind: NoticeKind; text: string } {
  const m = messages.migration;
  if (result.skipped) return { kind: "info", text: m.skipped };
  if (result.failed > 0) return { kind: "warning", text: m.partial(result.migrated, result.failed) };
  return { kind: "success", text: m.success(result.migrated) };
}

export async function migrateLocalHabits(): Promise<MigrationOutcome> {
  if (isFirstVisitDone()) return { kind: "nothing" };
  let local: unknown[];
  try {
    local = readLocalItems();
  } catch {
    say("error", messages.migration.unable); // the stored list cannot be read, so it cannot be sent
    return { kind: "unable" };
  }
  if (local.length === 0) {
    markFirstVisitDone();
    return { kind: "nothing" };
  }
  const progress = showNotice("info", messages.migration.inProgress, null);
  try {
    const result = await habitsApi.migrate(local);
    dismissNotice(progress);
    const { kind, text } = migrationMessage(result);
    say(kind, text);
    if (result.migrated > 0) removeLocalHabits();
    markFirstVisitDone();
    return { kind: "done", result };
  } catch (error) {
    dismissNotice(progress);
    // Not reached at all: "Unable"; reached but refused or broken: "Failed". Both are retried on the next visit.
    const unreachable = error instanceof ApiError && error.status === 0;
    say("error", unreachable ? messages.migration.unable : failureText(error, messages.migration.failed));
    return { kind: unreachable ? "unable" : "failed" };
  }
}

const runs = new Map<string, Promise<MigrationOutcome>>();

/** At most one migration per user and page load, however many times the habit list is (re)loaded. */
export function migrateOnce(userId: string): Promise<MigrationOutcome> {
  let run = runs.get(userId);
  if (!run) {
    run = migrateLocalHabits();
    runs.set(userId, run);
  }
  return run;
}

export function resetMigrationRuns(): void {
  runs.clear();
}
