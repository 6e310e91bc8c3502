// One interface, two places to keep habits: the server, or browser storage when the server cannot be reached.
import type { BackupHabit } from "../../../core/backup";
import type { StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { markDone, unmarkDone } from "../../../core/streaks";
import { habitsApi, toStored } from "./habits-api";
import { newLocalHabit, readLocalHabits, toStoredHabit, writeLocalHabits } from "./local-habits";
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
  const change = async (id: string, update: (habit: StoredHabit) => StoredHabit) => {
    const habits = readLocalHabits();
    const habit = habits.find((h) => h.id === id);
    if (!habit) throw new Error(`No local habit ${id}`);
    const next = { ...update(habit), updatedAt: new Date().toISOString() };
    writeLocalHabits(
      habits.map((h) => (h.id === id ? next : h)),
      today,
    );
    return next;
  };
  return {
    create: async (name) => {
      const habit = newLocalHabit(name);
      writeLocalHabits([habit, ...readLocalHabits()], today);
      return habit;
    },
    rename: (id, name) => change(id, (habit) => ({ ...habit, name })),
    remove: async (id) =>
      writeLocalHabits(
        readLocalHabits().filter((h) => h.id !== id),
        today,
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
