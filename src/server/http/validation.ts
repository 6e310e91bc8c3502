import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import type { ApiErrorCode } from "../../core/contract";
import { ApiError } from "./errors";

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** `[2].completedDates[0]`, `name`: where in the input an issue is, as a client would write it. */
function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${describePath(issue.path)}: ${issue.message}` : issue.message))
    .join("; ");
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
    throw new ApiError(
      400,
      "INVALID_JSON",
      "The request body must be JSON sent with Content-Type: application/json",
    );
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    // Anything else (the body limit's own error, a dropped connection) belongs to the outer handlers.
    if (!(error instanceof SyntaxError)) throw error;
    throw new ApiError(400, "INVALID_JSON", `The request body is not valid JSON: ${error.message}`);
  }
  if (findNulString(body))
    throw new ApiError(
      400,
      "INVALID_JSON",
      "Text in the request body must not contain the NUL character (\\u0000)",
    );
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
      throw new ApiError(400, code, describeIssues(result.error.issues));
    }
  });
  const middleware: typeof validator = async (c, next) => {
    if (target === "json") await readJsonBody(c);
    return validator(c, next);
  };
  return middleware;
}
