import { describe, expect, it } from "vitest";
import { messageParts, messages, PRODUCT_NAME } from "./messages";
import { messages as firstScreen } from "./messages/first-screen";

// A few entries checked letter by letter against the product's fixed texts (docs/product.md, "Messages"), so a slip in the catalogue is caught once, here.
describe("message catalogue", () => {
  it("has the migration texts", () => {
    expect(messages.migration.partial(3, 1)).toBe("Migrated 3 habits (1 failed)");
    expect(messages.migration.success(4)).toBe("Successfully migrated 4 habits");
    expect(messages.migration.inProgress).toBe("Migrating your habits to the cloud...");
    expect(messages.migration.skipped).toBe("User already has habits in Firestore, skipping migration");
  });
  it("has the import alerts", () => {
    expect(PRODUCT_NAME).toBe("Habit Streaks");
    expect(messages.validation.importInvalidFormat).toBe(
      "Invalid backup file format. Please select a valid Habit Streaks backup file.",
    );
    expect(messages.validation.importParseError).toBe("Error importing data. Please check the file format.");
  });
  it("has Today and Stats texts", () => {
    expect(messages.today.scrollHint(12)).toBe("Scroll to see all 12 suggestions");
    expect(messages.today.allAdded).toBe("All Common Habits Added");
    expect(messages.today.startStreak).toBe("Start your streak today");
    expect(messages.stats.empty).toBe("No habits to show stats for");
  });
  it("has the failure texts", () => {
    expect(messages.signIn.invalidCredentials).toBe("Invalid email or password. Please try again.");
    expect(messages.habits.cloudLoadFallback).toBe(
      "Failed to load your habits from the cloud. Using local data instead.",
    );
    expect(messages.reset.success).toBe("Password reset email sent! Please check your inbox.");
    expect(messages.validation.passwordTooShort).toBe("Password must be at least 6 characters");
  });
});

// The catalogue is written in three parts (first-screen.ts for the web app's initial bundle, today-rows.ts for
// Today's rows, on-demand.ts for the rest): each text in one part only, and every text of each part in the
// catalogue under the same path.
describe("the catalogue's parts", () => {
  type Texts = { [key: string]: unknown };
  const paths = (texts: Texts, prefix = ""): [string, unknown][] =>
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === "object" && value !== null
        ? paths(value as Texts, `${prefix}${key}.`)
        : [[`${prefix}${key}`, value] as [string, unknown]],
    );
  const first = paths(messageParts.firstScreen);
  const onDemand = paths(messageParts.onDemand);
  const rows = paths(messageParts.todayRows);
  const whole = new Map(paths(messages));

  it("has every text of each part in the catalogue, at the same path", () => {
    for (const [path, text] of [...first, ...onDemand, ...rows]) expect(whole.get(path), path).toBe(text);
    expect(whole.size).toBe(first.length + onDemand.length + rows.length);
  });
  it("writes each text in one part only", () => {
    const inFirst = new Set(first.map(([path]) => path));
    expect(onDemand.map(([path]) => path).filter((path) => inFirst.has(path))).toEqual([]);
    expect(rows.map(([path]) => path).filter((path) => inFirst.has(path))).toEqual([]);
  });
  it("gives the first screen's fixed texts as the catalogue does", () => {
    expect(firstScreen).toBe(messageParts.firstScreen);
    expect(firstScreen.today.allAdded).toBe("All Common Habits Added");
    expect(firstScreen.today.startStreak).toBe("Start your streak today");
    expect(firstScreen.today.scrollHint(7)).toBe("Scroll to see all 7 suggestions");
    expect(firstScreen.habits.saveFailed).toBe("Failed to save habit. Please try again.");
    expect(firstScreen.habits.cloudLoadFallback).toBe(
      "Failed to load your habits from the cloud. Using local data instead.",
    );
    expect(firstScreen.migration.inProgress).toBe("Migrating your habits to the cloud...");
  });
});
