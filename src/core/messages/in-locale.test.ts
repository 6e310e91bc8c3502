import { describe, expect, it } from "vitest";
import german from "../../locales/de/first-screen.json";
import { messages } from "../messages";
import { messagesIn } from "./in-locale";

// The catalogue in a locale other than the page's (the server's e-mails and push texts in the account's language).
describe("messagesIn", () => {
  it("gives English as the app's catalogue does", () => {
    const en = messagesIn("en");
    expect(en.migration.partial(3, 1)).toBe("Migrated 3 habits (1 failed)");
    expect(en.reminderDelivery.leftToday(["Read", "Run"])).toBe(
      messages.reminderDelivery.leftToday(["Read", "Run"]),
    );
    expect(en.todayHistory.lastDays("Run")).toBe("Last 7 days of Run");
  });
  it("formats in the locale with the same signatures, and leaves the app's catalogue in English", () => {
    const pseudo = messagesIn("en-XA");
    expect(pseudo.migration.partial(3, 1)).toBe("[Mîĝŕåţéđ 3 ĥåƀîţš (1 fåîļéđ) ·········· ·]");
    expect(pseudo.reminderDelivery.mailSubject(["Read"])).toBe("[1 ĥåƀîţ ļéfţ ţöđåý ········]");
    expect(pseudo.reminderDelivery.mailSubject(["Read", "Run"])).toBe("[2 ĥåƀîţš ļéfţ ţöđåý ········]");
    expect(messagesIn("ar-XB").shell.settings).toBe("\u202eSettings\u202c");
    expect(messages.shell.settings).toBe("Settings");
  });
  it("formats a translated locale from its own file (a missing text falls back: catalogue.test.ts)", () => {
    expect(messagesIn("de").today.allAdded).toBe(german.today.allAdded);
    expect(german.today.allAdded).not.toBe(messages.today.allAdded);
  });
});
