import { queryOptions } from "@tanstack/react-query";
import { remindersApi } from "./reminders-api";

/** The same key for every reader of GET /api/reminders (Settings' card, the habit page, the Today card). */
export const remindersKey = (userId: string) => ["reminders", userId] as const;

export const remindersQuery = (userId: string) =>
  queryOptions({ queryKey: remindersKey(userId), queryFn: remindersApi.settings });
