// The reminder settings as the screens use them: GET /api/reminders through react-query, and the
// changes, each of which puts the server's answer into the same cache entry. Failures come back as false (or
// null) for the screen to say so; nothing here shows text.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { ApiError } from "../api";
import { useCurrentUser } from "../current-user";
import { queryClient } from "../query-client";
import { type Reminder, remindersApi, type ReminderSettings, type ReminderTestResult } from "./reminders-api";
import { remindersKey, remindersQuery } from "./reminders-query";

/** The settings after `reminder` was saved: it replaces the one with its id, and a habit's former own time. */
export function withReminder(settings: ReminderSettings, reminder: Reminder): ReminderSettings {
  const others = settings.reminders.filter(
    (r) => r.id !== reminder.id && !(reminder.habitId !== null && r.habitId === reminder.habitId),
  );
  return { ...settings, reminders: [...others, reminder] };
}

export function withoutReminder(settings: ReminderSettings, id: string): ReminderSettings {
  return { ...settings, reminders: settings.reminders.filter((r) => r.id !== id) };
}

const attempt = async <T>(run: () => Promise<T>): Promise<T | null> => {
  try {
    return await run();
  } catch {
    return null;
  }
};

export function useReminders() {
  const { id: userId } = useCurrentUser();
  const query = useQuery(remindersQuery(userId), queryClient);
  const key = useMemo(() => remindersKey(userId), [userId]);

  const update = useCallback(
    (change: (settings: ReminderSettings) => ReminderSettings) =>
      queryClient.setQueryData<ReminderSettings>(key, (old) => (old ? change(old) : old)),
    [key],
  );
  const put = useCallback((settings: ReminderSettings) => queryClient.setQueryData(key, settings), [key]);

  const add = useCallback(
    async (time: string, habitId: string | null = null): Promise<Reminder | null> => {
      const saved = await attempt(() => remindersApi.add(time, habitId));
      if (saved) update((s) => withReminder(s, saved));
      return saved;
    },
    [update],
  );
  const change = useCallback(
    async (id: string, time: string): Promise<boolean> => {
      const saved = await attempt(() => remindersApi.update(id, time));
      if (saved) update((s) => withReminder(s, saved));
      return saved !== null;
    },
    [update],
  );
  const remove = useCallback(
    async (id: string): Promise<boolean> => {
      const settings = await attempt(() => remindersApi.remove(id));
      if (settings) put(settings);
      return settings !== null;
    },
    [put],
  );
  const setEmail = useCallback(
    async (enabled: boolean): Promise<boolean> => {
      const settings = await attempt(() => remindersApi.setEmail(enabled));
      if (settings) put(settings);
      return settings !== null;
    },
    [put],
  );
  /** The test's result, or why it failed: "limited" when the account sent its test reminders for the hour. */
  const sendTest = useCallback(async (): Promise<ReminderTestResult | "limited" | null> => {
    try {
      return await remindersApi.test();
    } catch (error) {
      return error instanceof ApiError && error.code === "TEST_REMINDER_LIMITED" ? "limited" : null;
    }
  }, []);

  return {
    userId,
    settings: query.data ?? null,
    loading: query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
    /** After a change made elsewhere (a device subscribed): the server's settings. */
    put,
    add,
    change,
    remove,
    setEmail,
    sendTest,
  };
}
