import { afterEach, beforeEach, vi } from "vitest";

// Tests are loud: an unexpected console.error fails the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const text = errors.map((a) => a.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});
