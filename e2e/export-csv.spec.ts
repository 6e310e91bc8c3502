// The CSV export beside the JSON backup, opened and parsed back as a spreadsheet would read it.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { csvExportFileName } from "../src/core/csv-export";
import { addDays, type LocalDate } from "../src/core/local-date";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { api, expect, test } from "./support/fixtures";
import { todayIn } from "./support/habits";
import { OFFLINE_ERRORS } from "./support/offline";
import { gotoApp } from "./support/page-clock";

const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC" });
test.beforeEach(async ({ page }) => page.clock.setFixedTime(new Date(`${T}T12:00:00Z`)));

const QUOTED = 'Read, then "write"';
// A habit name holds no line break (core/name.ts); the CSV unit tests cover names with them.
const COMMA = "Stretch, then breathe";
const FORMULA = "=1+2";

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByTestId("settings-sync").getByRole("status")).not.toContainText(
    settingsCopy.sync.states.pending.label,
  );
}

test("exports every done and skipped day as CSV that parses back, also offline", async ({
  signedInPage: page,
  server,
  user,
  context,
  allowConsoleErrors,
}) => {
  const habits = [
    { name: QUOTED, completedDates: [addDays(T, -2), T], skippedDates: [addDays(T, -1)] },
    { name: COMMA, completedDates: [addDays(T, -1)] },
    { name: "Méditer 🧘", completedDates: [], skippedDates: [T] },
    { name: FORMULA, completedDates: [T] },
    { name: "Nothing yet", completedDates: [] },
  ];
  const seeded = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(habits) });
  expect(seeded.status).toBe(200);
  await openSettings(page);
  await expect(page.getByTestId("settings-sync").getByRole("status")).toContainText(
    settingsCopy.sync.states.synced.label,
  );
  // Built from the device's store: no request is needed. The app's background sync requests fail while offline
  // and say so in the console, depending on timing; the download below is what this test checks.
  allowConsoleErrors(OFFLINE_ERRORS);
  await context.setOffline(true);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: backupCopy.exportCsvButton }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(csvExportFileName(T));
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.exported(csvExportFileName(T)));

  const bytes = readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  const rows: string[][] = parse(text, { bom: true });
  expect(rows[0]).toEqual(["date", "habit", "state", "value", "note", "group"]);
  const sorted = rows.slice(1).sort((a, b) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`));
  expect(sorted).toEqual(
    [
      [addDays(T, -2), QUOTED, "done", "", "", ""],
      [addDays(T, -1), QUOTED, "skipped", "", "", ""],
      [T, QUOTED, "done", "", "", ""],
      [addDays(T, -1), COMMA, "done", "", "", ""],
      [T, "Méditer 🧘", "skipped", "", "", ""],
      [T, `'${FORMULA}`, "done", "", "", ""],
    ].sort((a, b) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`)),
  );
});
