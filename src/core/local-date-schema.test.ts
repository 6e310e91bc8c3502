import { describe, expect, it } from "vitest";
import { INVALID_LOCAL_DATE_MESSAGE } from "./local-date";
import { LocalDateSchema } from "./local-date-schema";

describe("LocalDateSchema", () => {
  it("accepts a real date and explains a wrong one", () => {
    expect(LocalDateSchema.safeParse("2026-11-21").success).toBe(true);
    const result = LocalDateSchema.safeParse("2026-02-30");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_LOCAL_DATE_MESSAGE);
    expect(INVALID_LOCAL_DATE_MESSAGE).toBe("must be a real calendar date in YYYY-MM-DD form");
  });
});
