// How the web app's client reports an answer its contract refuses (contract-schema.ts, sync-answer-schema.ts).
import type { z } from "zod";

/** An answer as its route's response schema parsed it, or what is wrong with it. */
export type ParsedAnswer<T> = { ok: true; value: T } | { ok: false; fault: string };

/** `[2].cursor: expected string`, for the first few issues: enough to find the fault. */
export const describeAnswerIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map((key) => `[${String(key)}]`).join("") || "answer"}: ${issue.message}`)
    .join("; ");
