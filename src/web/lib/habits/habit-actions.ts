// Optimistic writes (SPEC §4 Adding, GUIDE §8): change the cache at once, save, then keep the saved answer or
// roll back and show the SPEC §8 message. Rollbacks touch only the habit concerned, never a whole snapshot,
// so that parallel changes to other habits survive.
import type { QueryClient } from "@tanstack/react-query";
import type { BackupHabit } from "../../../core/backup-schema";
import type { StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { markDone, unmarkDone } from "../../../core/streaks";
import { showError } from "../../ui/notices";
import { failureText } from "../api";
import {
  beginWrite,
  endWrite,
  type HabitsData,
  type HabitsSource,
  habitsKey,
  patchHabit,
  replaceHabit,
  restoreHabit,
  updateHabits,
} from "./habits-cache";
import { storeFor } from "./habit-stores";
import { toStoredHabit } from "./local-habits";
import { isTempId, tempId } from "./new-id";

export function createHabitActions(client: QueryClient, userId: string, today: LocalDate) {
  const key = habitsKey(userId);
  const data = () => client.getQueryData<HabitsData>(key);
  const store = () => storeFor(data()?.source ?? "server", today);
  const find = (id: string) => data()?.habits.find((habit) => habit.id === id);
  const update = (fn: (habits: StoredHabit[]) => StoredHabit[]) => updateHabits(client, userId, fn);
  // A running fetch would overwrite the optimistic state with an older list.
  const settle = () => client.cancelQueries({ queryKey: key });

  async function add(name: string): Promise<boolean> {
    const id = tempId();
    const nowIso = new Date().toISOString();
    const hadList = data() !== undefined;
    await settle();
    update((habits) => [{ id, name, completedDates: [], createdAt: nowIso, updatedAt: nowIso }, ...habits]);
    try {
      const saved = await store().create(name);
      update((habits) => replaceHabit(habits, id, saved));
      if (!hadList) void client.invalidateQueries({ queryKey: key }); // added from the load-error state
      return true;
    } catch (error) {
      update((habits) => habits.filter((habit) => habit.id !== id));
      showError(failureText(error, messages.habits.saveFailed));
      return false;
    }
  }

  async function toggle(id: string): Promise<boolean> {
    const habit = find(id);
    if (!habit || isTempId(id)) return false;
    const done = !habit.completedDates.includes(today);
    const apply = (mark: boolean) =>
      update((habits) =>
        patchHabit(habits, id, (h) => ({
          ...h,
          completedDates: (mark ? markDone : unmarkDone)(h.completedDates, today),
        })),
      );
    await settle();
    const ticket = beginWrite(id);
    apply(done);
    try {
      const saved = await store().setDone(id, today, done);
      if (endWrite(id, ticket)) update((habits) => replaceHabit(habits, id, saved));
      return true;
    } catch (error) {
      endWrite(id, ticket);
      apply(!done);
      showError(failureText(error, messages.habits.updateFailed));
      return false;
    }
  }

  async function rename(id: string, name: string): Promise<boolean> {
    const habit = find(id);
    if (!habit || isTempId(id)) return false;
    await settle();
    const ticket = beginWrite(id);
    update((habits) => patchHabit(habits, id, (h) => ({ ...h, name })));
    try {
      const saved = await store().rename(id, name);
      if (endWrite(id, ticket)) update((habits) => replaceHabit(habits, id, saved));
      return true;
    } catch (error) {
      endWrite(id, ticket);
      update((habits) => patchHabit(habits, id, (h) => ({ ...h, name: habit.name })));
      showError(failureText(error, messages.habits.updateFailed));
      return false;
    }
  }

  async function remove(id: string): Promise<boolean> {
    const habit = find(id);
    if (!habit || isTempId(id)) return false;
    const index = data()?.habits.indexOf(habit) ?? 0;
    await settle();
    update((habits) => habits.filter((h) => h.id !== id));
    try {
      await store().remove(id);
      return true;
    } catch (error) {
      update((habits) => restoreHabit(habits, habit, index));
      showError(failureText(error, messages.habits.deleteFailed));
      return false;
    }
  }

  // Signed in, an import always goes to the server first, also while working on local data after a failure:
  // saving it only in the browser would report success while the server still holds the old habits.
  async function importAll(rows: readonly BackupHabit[]): Promise<{ ok: boolean; source: HabitsSource }> {
    await settle();
    try {
      const habits = await storeFor("server", today).replaceAll(rows);
      client.setQueryData<HabitsData>(key, { source: "server", habits });
      return { ok: true, source: "server" };
    } catch (error) {
      showError(failureText(error, messages.habits.importFailed));
      // SPEC §8: the imported list is still loaded locally.
      let habits: StoredHabit[];
      try {
        habits = await storeFor("local", today).replaceAll(rows);
      } catch {
        const nowIso = new Date().toISOString();
        habits = rows.map((row) => toStoredHabit(row, nowIso));
      }
      client.setQueryData<HabitsData>(key, { source: "local", habits });
      return { ok: false, source: "local" };
    }
  }

  return { add, toggle, rename, remove, importAll };
}
