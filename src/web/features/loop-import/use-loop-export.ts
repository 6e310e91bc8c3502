import { useRef, useState } from "react";
import type { Reminder } from "../../../core/contract-schema";
import type { StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import type { ExportReminder } from "../../../core/loop-import/loop-export";
import { messages } from "../../../core/messages";
import type { Vacation } from "../../../core/vacation";
import type { SqlJs } from "./loop-engines";
import type { LoopStatus } from "./use-loop-import";

export type UseLoopExportOptions = {
  /** Every habit the user has, in the app's order, archived too. */
  habits: readonly StoredHabit[];
  vacations: readonly Vacation[];
  today: LocalDate;
  /** The user's reminders (GET /api/reminders): a habit's own reminder is only on the server. Rejects offline. */
  reminders: () => Promise<readonly Reminder[]>;
  sqlJs: () => Promise<SqlJs>;
  /** Saves the file through the browser's download. */
  save: (bytes: Uint8Array, fileName: string) => void;
};

const t = messages.loopExport;

const ownOf = ({ time, weekdays }: Omit<Reminder, "habitId">): ExportReminder => ({
  time,
  ...(weekdays && { weekdays }),
});

/** "Export for Loop Habit Tracker": the habits in this device's store, as a Loop backup (docs/decisions/0071). */
export function useLoopExport(options: UseLoopExportOptions) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<LoopStatus>(null);
  const latest = useRef(options);
  latest.current = options;

  const run = async () => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    const { habits, vacations, today, reminders, sqlJs, save } = latest.current;
    try {
      const own = await reminders().then(
        (list) =>
          new Map(list.flatMap(({ habitId, ...reminder }) => (habitId ? [[habitId, ownOf(reminder)]] : []))),
        () => null, // offline: the file is written without them, and says so
      );
      // Loaded on demand, as the importer's reader: none of it is in the app's first load.
      const [{ loopFileBytes }, { loopExportFileName }, SQL] = await Promise.all([
        import("./loop-file"),
        import("../../../core/loop-import/loop-export"),
        sqlJs(),
      ]);
      const fileName = loopExportFileName(today);
      save(loopFileBytes(SQL, { habits, vacations, today, reminders: own ?? new Map() }), fileName);
      setStatus({ kind: "success", text: own ? t.done(fileName) : t.noReminders(fileName) });
    } catch {
      setStatus({ kind: "error", text: t.failed });
    } finally {
      setBusy(false);
    }
  };
  return { busy, status, run };
}
