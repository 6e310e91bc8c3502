import { useRef, useState } from "react";
import type { LocalDate } from "../../../core/local-date";
import type { LoopFormat } from "../../../core/loop-import/loop-habit";
import { importItems, planLoopImport, type LoopPlan } from "../../../core/loop-import/loop-map";
import { messages } from "../../../core/messages";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";
import type { UseHabits } from "../../lib/habits/use-habits";
import type { ConfirmQuestion } from "../../ui/confirm-dialog";
import { problemText } from "./loop-texts";
import { readLoopFile, ReaderUnavailable, type LoopEngines, type LoopFile } from "./read-loop-file";

export type LoopStatus = { kind: "success" | "error" | "info"; text: string } | null;
export type LoopPreview = { format: LoopFormat; plan: LoopPlan };
/** Reading the file, asking before a replace, or writing. */
export type LoopPhase = "reading" | "confirming" | "saving" | null;

export type UseLoopImportOptions = {
  today: LocalDate;
  /** Every habit the user has, archived too; null while not known. */
  currentCount: number | null;
  confirm: (question: ConfirmQuestion) => Promise<boolean>;
  /** Replaces every habit (the backup import's way: through the outbox, one transaction on the server). */
  importAll: UseHabits["importAll"];
  /** Appends the items on the server (POST /api/habits/import); rejects with ApiError. */
  append: (items: ReturnType<typeof importItems>) => Promise<unknown>;
  /** Brings what the server now holds into this device's store. */
  sync: () => Promise<void>;
  engines: LoopEngines;
};

const t = messages.loopImport;
const q = messages.importConfirm;

/** The Loop import: a file becomes a preview; nothing is written before Add or Replace. */
export function useLoopImport(options: UseLoopImportOptions) {
  const [phase, setPhase] = useState<LoopPhase>(null);
  const [status, setStatus] = useState<LoopStatus>(null);
  const [preview, setPreview] = useState<LoopPreview | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const refuse = (reason: string) => setStatus({ kind: "error", text: t.rejected(reason) });

  const chooseFile = async (file: LoopFile) => {
    if (phase) return;
    setPhase("reading");
    setStatus(null);
    setPreview(null);
    try {
      const read = await readLoopFile(file, latest.current.engines);
      if (!read.ok) return refuse(problemText(read.problem));
      const planned = planLoopImport(read.habits, latest.current.today, t.unnamed);
      if (!planned.ok) return refuse(problemText(planned.problem));
      setPreview({ format: read.format, plan: planned.plan });
    } catch (error) {
      refuse(error instanceof ReaderUnavailable ? t.problems.readerUnavailable : t.problems.unreadable);
    } finally {
      setPhase(null);
    }
  };

  const add = async () => {
    if (phase || !preview) return;
    setPhase("saving");
    try {
      await latest.current.append(importItems(preview.plan));
      await latest.current.sync().catch(() => undefined); // the next sync brings them otherwise
      setStatus({ kind: "success", text: t.added(preview.plan.habits.length) });
      setPreview(null);
    } catch (error) {
      const offline = !(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE;
      refuse(offline ? t.offline : t.refused(error.message));
    } finally {
      setPhase(null);
    }
  };

  const replace = async () => {
    if (phase || !preview) return;
    const count = preview.plan.habits.length;
    const current = latest.current.currentCount;
    try {
      if (current !== 0) {
        setPhase("confirming");
        const yes = await latest.current.confirm({
          title: q.question(current, count),
          body: q.body,
          confirm: q.replace,
          cancel: q.cancel,
          tone: "danger",
        });
        if (!yes) return setStatus({ kind: "info", text: t.rejected(t.cancelled) });
      }
      setPhase("saving");
      const result = await latest.current.importAll(importItems(preview.plan));
      if (result.ok) {
        setStatus({ kind: "success", text: t.replaced(count) });
        setPreview(null);
      } else if (result.source === "local") {
        setStatus({ kind: "error", text: t.queued });
        setPreview(null);
      } else refuse(t.notAccepted);
    } finally {
      setPhase(null);
    }
  };

  const cancel = () => {
    if (phase) return;
    setPreview(null);
    setStatus({ kind: "info", text: t.rejected(t.cancelled) });
  };

  return { phase, status, preview, chooseFile, add, replace, cancel };
}
