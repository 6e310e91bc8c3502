import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import type { ApiErrorCode } from "../../core/contract";
import { inEnglish } from "../../core/messages/server-english";
import { messages } from "../../core/messages";
import type { NameIssue } from "../../core/messages/server";
import { NAME_FAULTS, NAME_LABELS } from "../../core/name";
import { nameMessages } from "../../core/name-texts";
import { ApiError, errorText, type ErrorText } from "./errors";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** `[2].completedDates[0]`, `name`: where in the input an issue is, as a client would write it. */
function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/** The English refusals of core/name.ts, each with its label and fault: a name issue is worded again in the
 * reader's language (core/messages/server.ts). */
const NAME_REFUSALS = new Map(
  NAME_LABELS.flatMap((label) => {
    const english = nameMessages(label, messages.names);
    return NAME_FAULTS.map((fault) => [english[fault], { label, fault }] as const);
  }),
);

/** The first issues, each at its path: a name's refusal as the catalogue's, else as the schema words it. */
export function issuesText(issues: readonly z.core.$ZodIssue[]): ErrorText {
  return {
    issues: issues.slice(0, 5).map((issue): NameIssue | { path: string; text: string } => {
      const path = describePath(issue.path);
      const name = NAME_REFUSALS.get(issue.message);
      return name ? { path, ...name } : { path, text: issue.message };
    }),
  };
}

/** The issues in English: a sync op's recorded rejection. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return inEnglish(issuesText(issues));
}

/** PostgreSQL text cannot hold U+0000, so no JSON string may carry it; checked without recursion. */
function findNulString(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child); // push(...item) overflows the call stack on 150,000 items
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) stack.push(key, child);
    }
  }
  return false;
}

/** Reads the body once (Hono caches it for the validator) so that every fault gets a precise 400. */
async function readJsonBody(c: Context): Promise<void> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(400, "INVALID_JSON", errorText("notJson"));
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    // Anything else (the body limit's own error, a dropped connection) belongs to the outer handlers.
    if (!(error instanceof SyntaxError)) throw error;
    throw new ApiError(400, "INVALID_JSON", errorText("invalidJsonAt", { detail: error.message }));
  }
  if (findNulString(body)) throw new ApiError(400, "INVALID_JSON", errorText("nulCharacter"));
}

/**
 * zValidator that answers with our error shape: 400 VALIDATION_FAILED naming each failing path. `codes` gives
 * another code when the first failing issue is under a given top-level key (e.g. `{ date: "INVALID_DATE" }`).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  codes: Partial<Record<string, ApiErrorCode>> = {},
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const head = result.error.issues[0]?.path[0];
      const code = (typeof head === "string" && codes[head]) || "VALIDATION_FAILED";
      throw new ApiError(400, code, issuesText(result.error.issues));
    }
  });
  const middleware: typeof validator = async (c, next) => {
    if (target === "json") await readJsonBody(c);
    return validator(c, next);
  };
  return middleware;
}
