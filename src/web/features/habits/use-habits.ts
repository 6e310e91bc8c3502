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
 * - importAll(rows): replaces every habit with the backup rows (one transaction on the server). On failure
 *   it shows 'Failed to import habits. Please try again.' and keeps the imported list locally (SPEC §8).
 * - isSaving(id): true for a temporary row that the server has not confirmed yet.
 * Before the first load, habits kept in the browser are migrated to the server (features/migration).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { BackupHabit } from "../../../core/backup";
import { deriveHabit, type Habit, HabitNameSchema } from "../../../core/habit";
import { useCurrentUser } from "../../lib/current-user";
import { useToday } from "../../lib/use-today";
import { type HabitsData, type HabitsSource, habitsKey } from "./habits-cache";
import { createHabitActions } from "./habit-actions";
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

export function useHabits(): UseHabits {
  const { id: userId } = useCurrentUser();
  const today = useToday();
  const client = useQueryClient();
  const query = useQuery<HabitsData>({
    queryKey: habitsKey(userId),
    queryFn: () => loadHabits(userId),
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

  // A new day: figures are derived locally at once; fetch as well in case another device changed something.
  const firstDay = useRef(today);
  useEffect(() => {
    if (today !== firstDay.current) {
      firstDay.current = today;
      void client.invalidateQueries({ queryKey: habitsKey(userId) });
    }
  }, [client, today, userId]);

  const habits = useMemo(
    () => (query.data?.habits ?? []).map((h) => deriveHabit(h, today)),
    [query.data, today],
  );
  const actions = useMemo(() => createHabitActions(client, userId, today), [client, userId, today]);

  const add = useCallback(
    async (name: string) => {
      const parsed = HabitNameSchema.safeParse(name);
      return parsed.success ? actions.add(parsed.data) : false; // SPEC §5: a blank name is ignored
    },
    [actions],
  );
  const rename = useCallback(
    async (id: string, name: string) => {
      const parsed = HabitNameSchema.safeParse(name);
      return parsed.success ? actions.rename(id, parsed.data) : false;
    },
    [actions],
  );

  return {
    habits,
    status: query.isPending ? "loading" : query.isError ? "error" : "ready",
    source: query.data?.source ?? null,
    retry: () => void query.refetch(),
    add,
    rename,
    remove: actions.remove,
    toggle: actions.toggle,
    importAll: actions.importAll,
    isSaving: isTempId,
  };
}
