// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import initSqlJs from "sql.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Reminder } from "../../../core/contract-schema";
import type { StoredHabit } from "../../../core/habit";
import { readLoopDatabase } from "../../../core/loop-import/loop-database";
import { messages } from "../../../core/messages";
import { LoopExportCard } from "./loop-export-card";
import { useLoopExport, type UseLoopExportOptions } from "./use-loop-export";

const t = messages.loopExport;
const SQL = await initSqlJs();
const TODAY = "2026-11-22";
const READ: StoredHabit = {
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  name: "Read",
  createdAt: "2026-11-01T08:00:00.000Z",
  updatedAt: "2026-11-01T08:00:00.000Z",
  completedDates: ["2026-11-20"],
  rules: [{ from: "2026-11-01", frequency: null, target: null }],
  uuid: "0123456789abcdef0123456789abcdef",
};

function Harness(options: UseLoopExportOptions) {
  const loop = useLoopExport(options);
  return <LoopExportCard busy={loop.busy} status={loop.status} canExport onExport={() => void loop.run()} />;
}

/** Presses the button and reads the saved file's habits back with our Loop reader. */
async function exportWith(reminders: () => Promise<readonly Reminder[]>) {
  const saved: { bytes: Uint8Array; fileName: string }[] = [];
  render(
    <Harness
      habits={[READ]}
      vacations={[]}
      today={TODAY}
      reminders={reminders}
      sqlJs={async () => SQL}
      save={(bytes, fileName) => saved.push({ bytes, fileName })}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: t.button }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const db = new SQL.Database(saved[0]!.bytes);
  const exec = (sql: string) =>
    db
      .exec(sql)
      .flatMap(({ columns, values }) =>
        values.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null]))),
      );
  const read = readLoopDatabase(exec);
  db.close();
  if (!read.ok) throw new Error(JSON.stringify(read.problem));
  return { fileName: saved[0]!.fileName, habits: read.habits };
}

afterEach(cleanup);

describe("Export for Loop Habit Tracker", () => {
  it("saves the habits with their own reminder, and says so", async () => {
    const { fileName, habits } = await exportWith(async () => [
      { id: "r1", time: "08:00", habitId: null },
      { id: "r2", time: "21:15", habitId: READ.id, weekdays: [6] },
    ]);
    expect(fileName).toBe(`habit-streaks-for-loop-${TODAY}.db`);
    expect(habits.map((h) => [h.name, h.uuid, h.reminder])).toEqual([
      ["Read", READ.uuid, { hour: 21, minute: 15, days: 0b0000001 }], // Saturday is Loop's bit 0
    ]);
    await waitFor(() => expect(screen.getByTestId("loop-export-status").textContent).toBe(t.done(fileName)));
  });

  it("offline, saves the file without reminders and says that", async () => {
    const { fileName, habits } = await exportWith(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(habits.map((h) => [h.name, h.reminder])).toEqual([["Read", null]]);
    await waitFor(() =>
      expect(screen.getByTestId("loop-export-status").textContent).toBe(t.noReminders(fileName)),
    );
  });

  it("says it failed when the SQLite engine cannot be loaded, saving nothing", async () => {
    const saved: string[] = [];
    render(
      <Harness
        habits={[READ]}
        vacations={[]}
        today={TODAY}
        reminders={async () => []}
        sqlJs={() => Promise.reject(new Error("chunk failed"))}
        save={(_bytes, fileName) => saved.push(fileName)}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: t.button }));
    await waitFor(() => expect(screen.getByTestId("loop-export-status").textContent).toBe(t.failed));
    expect(saved).toEqual([]);
    expect(screen.getByRole("button", { name: t.button }).getAttribute("aria-disabled")).toBeNull();
  });
});
