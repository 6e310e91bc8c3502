import { apiRequest } from "../../lib/api-request";
import { downloadFile } from "../../lib/download-file";
import { useUserSettings } from "../../lib/habits/use-user-settings";
import { remindersApi } from "../../lib/reminders/reminders-api";
import { useHabitStore, useHabits } from "../../lib/habits/use-habits";
import { useToday } from "../../lib/use-today";
import { ConfirmDialog, useConfirm } from "../../ui/confirm-dialog";
import { browserEngines, browserSqlJs } from "./loop-engines";
import { LoopExportCard } from "./loop-export-card";
import { LoopImportCard } from "./loop-import-card";
import { useLoopExport } from "./use-loop-export";
import { useLoopImport } from "./use-loop-import";

/**
 * The Loop import card with its data. "Replace" goes the backup import's way (useHabits().importAll: the outbox,
 * one PUT /api/habits); "Add" needs the server at once (POST /api/habits/import, one transaction), then a sync
 * brings the new habits into this device's store as any change from elsewhere. Beside it, the export for Loop.
 */
export function LoopImportSection() {
  const today = useToday();
  const { habits, status, importAll } = useHabits();
  const { engine } = useHabitStore();
  const { ask, pending } = useConfirm();
  const loop = useLoopImport({
    today,
    currentCount: status === "ready" ? habits.length : null,
    confirm: ask,
    importAll,
    append: (items) => apiRequest("POST /api/habits/import", { body: items }),
    sync: () => engine.act((e) => e.sync()),
    engines: browserEngines,
  });
  const { vacations } = useUserSettings();
  const exporter = useLoopExport({
    habits,
    vacations,
    today,
    reminders: async () => (await remindersApi.settings()).reminders,
    sqlJs: browserSqlJs,
    save: (bytes, fileName) => downloadFile(new Uint8Array(bytes), fileName, "application/vnd.sqlite3"),
  });
  return (
    <>
      <LoopImportCard
        phase={loop.phase}
        status={loop.status}
        preview={loop.preview}
        canImport={status !== "loading"}
        onChoose={(file) => void loop.chooseFile(file)}
        onAdd={() => void loop.add()}
        onReplace={() => void loop.replace()}
        onCancel={loop.cancel}
      />
      <ConfirmDialog pending={pending} testId="loop-import-confirm" />
      <LoopExportCard
        busy={exporter.busy}
        status={exporter.status}
        canExport={status === "ready"}
        onExport={() => void exporter.run()}
      />
    </>
  );
}
