import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

/** zValidator that answers with our error shape: 400 VALIDATION_FAILED naming each failing path. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues
        .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
        .slice(0, 5)
        .join("; ");
      throw new ApiError(400, "VALIDATION_FAILED", message);
    }
  });
}
