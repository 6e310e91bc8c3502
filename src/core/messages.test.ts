import { describe, expect, it } from "vitest";
import { messages, PRODUCT_NAME } from "./messages";

// A few entries checked letter by letter against SPEC.md, so a slip in the catalogue is caught once, here.
describe("message catalogue", () => {
  it("has the migration texts of SPEC §4", () => {
    expect(messages.migration.partial(3, 1)).toBe("Migrated 3 habits (1 failed)");
    expect(messages.migration.success(4)).toBe("Successfully migrated 4 habits");
    expect(messages.migration.inProgress).toBe("Migrating your habits to the cloud...");
    expect(messages.migration.skipped).toBe("User already has habits in Firestore, skipping migration");
  });
  it("has the import alerts of SPEC §5", () => {
    expect(PRODUCT_NAME).toBe("Habit Streaks");
    expect(messages.validation.importInvalidFormat).toBe(
      "Invalid backup file format. Please select a valid Habit Streaks backup file.",
    );
    expect(messages.validation.importParseError).toBe("Error importing data. Please check the file format.");
  });
  it("has Today and Stats texts of SPEC §2", () => {
    expect(messages.today.scrollHint(12)).toBe("Scroll to see all 12 suggestions");
    expect(messages.today.allAdded).toBe("All Common Habits Added");
    expect(messages.today.startStreak).toBe("Start your streak today");
    expect(messages.stats.empty).toBe("No habits to show stats for");
  });
  it("has SPEC §8 error texts", () => {
    expect(messages.signIn.invalidCredentials).toBe("Invalid email or password. Please try again.");
    expect(messages.habits.cloudLoadFallback).toBe(
      "Failed to load your habits from the cloud. Using local data instead.",
    );
    expect(messages.reset.success).toBe("Password reset email sent! Please check your inbox.");
    expect(messages.validation.passwordTooShort).toBe("Password must be at least 6 characters");
  });
});
