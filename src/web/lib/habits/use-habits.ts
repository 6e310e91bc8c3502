/**
 * useHabits(): the one data layer for habits, shared by Today, Stats and Settings.
 *
 *   const { habits, source, status, retry, add, rename, remove, toggle, importAll } = useHabits();
 *
 * - habits: Habit[] (src/core shape), newest first, with streakCount, bestStreak, completedToday and
 *   completionRate derived for the user's local today; they change at local midnight without a reload.
 * - status: "loading" | "ready" | "error". "error" means neither the server nor browser storage gave a list.
 * - source: "server" (signed in and reached) | "local" (server unreachable: browser storage key `habits`,
 *   announced with SPEC §8 'Failed to load your habits from the cloud. Using local data instead.') | null.
 * - add(name): optimistic (a temporary row, id "temp-...", replaced by the saved one). A blank name is ignored.
 * - toggle(id) marks or unmarks today; rename(id, name); remove(id). All optimistic, rolled back on failure.
 *   Each resolves to true when saved; failures show their SPEC §8 message in the error banner themselves.
 * - importAll(rows): replaces every habit with the backup rows (one transaction on the server). It always asks
 *   the server, also while working on local data, and returns to server data on success. On failure it shows
 *   'Failed to import habits. Please try again.' and keeps the imported list locally (SPEC §8).
 * - isSaving(id): true for a temporary row that the server has not confirmed yet.
 * Writes are react-query mutations keyed by habitWriteKey: usePendingWrites() counts those still waiting.
 * Each load first awaits the step given by BeforeHabitsLoadProvider: app/ gives the first-visit migration.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { BackupHabit } from "../../../core/backup-schema";
import { deriveHabit, type Habit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { useCurrentUser } from "../current-user";
import { useToday } from "../use-today";
import { showError } from "../../ui/notices";
import { useBeforeHabitsLoad } from "./before-habits-load";
import {
  type HabitsData,
  type HabitsSource,
  habitsKey,
  type HabitWrite,
  habitWriteKey,
} from "./habits-cache";
import { createHabitActions } from "./habit-actions";
import { parseHabitName, preloadHabitValidation } from "./habit-validation";
import { loadHabits } from "./load-habits";
import { isTempId } from "./new-id";

export type HabitsStatus = "loading" | "ready" | "error";
export type ImportResult = { ok: boolean; source: HabitsSource };

export type UseHabits = {
  habits: Habit[];
  status: HabitsStatus;
  source: HabitsSource | null;
  retry: () => void;
  add: (name: string) => Promise<boolean>;
  rename: (id: string, name: string) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
  toggle: (id: string) => Promise<boolean>;
  importAll: (rows: readonly BackupHabit[]) => Promise<ImportResult>;
  isSaving: (id: string) => boolean;
};

/** A write as a mutation, so that it counts in usePendingWrites() until it has its answer. */
function useWrite<V, R>(userId: string, write: HabitWrite, run: (variables: V) => Promise<R>) {
  // "always": offline, a write must fail at once (and roll back) rather than wait paused for the network.
  return useMutation({ mutationKey: habitWriteKey(userId, write), mutationFn: run, networkMode: "always" })
    .mutateAsync;
}

/** The name as the shared schema accepts it; null when refused, or when the schema could not be loaded. */
async function checkName(name: string, failure: string): Promise<string | null> {
  try {
    return await parseHabitName(name);
  } catch {
    showError(failure);
    return null;
  }
}

export function useHabits(): UseHabits {
  const { id: userId } = useCurrentUser();
  const today = useToday();
  const client = useQueryClient();
  const beforeLoad = useBeforeHabitsLoad();
  const query = useQuery<HabitsData>({
    queryKey: habitsKey(userId),
    queryFn: () => loadHabits(userId, beforeLoad),
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

  // A new day: figures are derived locally at once; fetch as well in case another device changed something.
  const firstDay = useRef(today);
  useEffect(() => {
    if (today !== firstDay.current) {
      firstDay.current = today;
      // Settings uses the hook twice (sync status, backup): the second invalidation joins the first fetch.
      void client.invalidateQueries({ queryKey: habitsKey(userId) }, { cancelRefetch: false });
    }
  }, [client, today, userId]);

  const habits = useMemo(
    () => (query.data?.habits ?? []).map((h) => deriveHabit(h, today)),
    [query.data, today],
  );
  useEffect(preloadHabitValidation, []);
  const actions = useMemo(() => createHabitActions(client, userId, today), [client, userId, today]);
  const addWrite = useWrite(userId, "add", actions.add);
  const renameWrite = useWrite(userId, "rename", (v: { id: string; name: string }) =>
    actions.rename(v.id, v.name),
  );
  const remove = useWrite(userId, "remove", actions.remove);
  const toggle = useWrite(userId, "toggle", actions.toggle);
  const importAll = useWrite(userId, "import", actions.importAll);

  const add = useCallback(
    async (name: string) => {
      const valid = await checkName(name, messages.habits.saveFailed);
      return valid === null ? false : addWrite(valid); // SPEC §5: a blank name is ignored
    },
    [addWrite],
  );
  const rename = useCallback(
    async (id: string, name: string) => {
      const valid = await checkName(name, messages.habits.updateFailed);
      return valid === null ? false : renameWrite({ id, name: valid });
    },
    [renameWrite],
  );

  return {
    habits,
    status: query.isPending ? "loading" : query.isError ? "error" : "ready",
    source: query.data?.source ?? null,
    retry: () => void query.refetch(),
    add,
    rename,
    remove,
    toggle,
    importAll,
    isSaving: isTempId,
  };
}
