// Loading the list (SPEC §8 Habits): the server first; when it cannot be reached, the browser's own list.
import { messages } from "../../../core/messages";
import { isUnreachable } from "../api";
import { showNotice, showError } from "../../ui/notices";
import { ERROR_BANNER_MS } from "../../../core/constants";
import type { BeforeHabitsLoad } from "./before-habits-load";
import { habitsApi, toStored } from "./habits-api";
import type { HabitsData } from "./habits-cache";
import { readLocalHabits } from "./local-habits";

export async function loadHabits(userId: string, beforeLoad: BeforeHabitsLoad): Promise<HabitsData> {
  await beforeLoad(userId);
  try {
    return { source: "server", habits: (await habitsApi.list()).map(toStored) };
  } catch (error) {
    if (isUnreachable(error)) {
      try {
        const habits = await readLocalHabits();
        showNotice("warning", messages.habits.cloudLoadFallback, ERROR_BANNER_MS);
        return { source: "local", habits };
      } catch {
        // The local list is unreadable too: report the load failure below.
      }
    }
    showError(messages.habits.loadFailed);
    throw error;
  }
}
