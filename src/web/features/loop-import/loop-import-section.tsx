import { apiRequest } from "../../lib/api-request";
import { useHabitStore, useHabits } from "../../lib/habits/use-habits";
import { useToday } from "../../lib/use-today";
import { ConfirmDialog, useConfirm } from "../../ui/confirm-dialog";
import { browserEngines } from "./loop-engines";
import { LoopImportCard } from "./loop-import-card";
import { useLoopImport } from "./use-loop-import";

/**
 * The Loop import card with its data. "Replace" goes the backup import's way (useHabits().importAll: the outbox,
 * one PUT /api/habits); "Add" needs the server at once (POST /api/habits/import, one transaction), then a sync
 * brings the new habits into this device's store as any change from elsewhere.
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
    </>
  );
}
