// One interface, two places to keep habits: the server, or browser storage when the server cannot be reached.
import type { BackupHabit } from "../../../core/backup-schema";
import type { StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { markDone, unmarkDone } from "../../../core/streaks";
import { habitsApi, toStored } from "./habits-api";
import { newLocalHabit, toStoredHabit, withLocalHabits, writeLocalHabits } from "./local-habits";
import type { HabitsSource } from "./habits-cache";

export type HabitStore = {
  create(name: string): Promise<StoredHabit>;
  rename(id: string, name: string): Promise<StoredHabit>;
  remove(id: string): Promise<void>;
  setDone(id: string, date: LocalDate, done: boolean): Promise<StoredHabit>;
  replaceAll(rows: readonly BackupHabit[]): Promise<StoredHabit[]>;
};

const serverStore: HabitStore = {
  create: async (name) => toStored(await habitsApi.create(name)),
  rename: async (id, name) => toStored(await habitsApi.rename(id, name)),
  remove: (id) => habitsApi.remove(id),
  setDone: async (id, date, done) => toStored(await habitsApi.setDone(id, date, done)),
  replaceAll: async (rows) => (await habitsApi.replaceAll(rows)).map(toStored),
};

function localStore(today: LocalDate): HabitStore {
  const change = (id: string, update: (habit: StoredHabit) => StoredHabit) =>
    withLocalHabits((habits) => {
      const habit = habits.find((h) => h.id === id);
      if (!habit) throw new Error(`No local habit ${id}`);
      const next = { ...update(habit), updatedAt: new Date().toISOString() };
      writeLocalHabits(
        habits.map((h) => (h.id === id ? next : h)),
        today,
      );
      return next;
    });
  return {
    create: (name) =>
      withLocalHabits((habits) => {
        const habit = newLocalHabit(name);
        writeLocalHabits([habit, ...habits], today);
        return habit;
      }),
    rename: (id, name) => change(id, (habit) => ({ ...habit, name })),
    remove: (id) =>
      withLocalHabits((habits) =>
        writeLocalHabits(
          habits.filter((h) => h.id !== id),
          today,
        ),
      ),
    setDone: (id, date, done) =>
      change(id, (habit) => ({
        ...habit,
        completedDates: (done ? markDone : unmarkDone)(habit.completedDates, date),
      })),
    replaceAll: async (rows) => {
      const nowIso = new Date().toISOString();
      const habits = rows.map((row) => toStoredHabit(row, nowIso));
      writeLocalHabits(habits, today);
      return habits;
    },
  };
}

export function storeFor(source: HabitsSource, today: LocalDate): HabitStore {
  return source === "server" ? serverStore : localStore(today);
}
