// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildBackup } from "../../../core/backup";
import { messages } from "../../../core/messages";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import * as validation from "../../lib/habits/habit-validation";
import type { UseHabits } from "../../lib/habits/use-habits";
import { backupCopy } from "./backup-copy";
import { BackupCard } from "./backup-card";
import { useBackup, type UseBackupOptions } from "./use-backup";

const habits = [makeHabit("Read", ["2026-11-20", "2026-11-21"]), makeHabit("Walk")];

function Harness(options: UseBackupOptions) {
  const backup = useBackup(options);
  return (
    <BackupCard
      habitCount={options.habits.length}
      canImport
      importing={backup.importing}
      status={backup.status}
      onExport={backup.exportBackup}
      onImport={(file) => void backup.importFile(file)}
    />
  );
}

function setup(
  importAll: UseHabits["importAll"] = vi.fn(async () => ({ ok: true, source: "server" as const })),
) {
  const alert = vi.fn();
  const onExported = vi.fn();
  const onImported = vi.fn();
  render(
    <Harness
      habits={habits}
      today={TEST_TODAY}
      importAll={importAll}
      onExported={onExported}
      onImported={onImported}
      alert={alert}
    />,
  );
  const notified = () => [...onExported.mock.calls, ...onImported.mock.calls];
  const choose = async (name: string, text: string) => {
    // jsdom's File has no text(); browsers do.
    const file = Object.assign(new File([text], name), { text: async () => text });
    await act(async () => {
      fireEvent.change(screen.getByTestId("backup-file-input"), { target: { files: [file] } });
    });
    // The checker is loaded on first use: wait until the import has finished.
    await waitFor(() => expect(screen.getByRole("button", { name: backupCopy.importButton })).toBeDefined());
  };
  return { alert, onExported, onImported, notified, importAll, choose };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:backup");
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe("backup export", () => {
  it("downloads the backup named with the date and notifies", () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { onExported } = setup();
    fireEvent.click(screen.getByRole("button", { name: backupCopy.exportButton }));
    expect(clicks[0]?.download).toBe("habit-streaks-backup-2026-11-21.json");
    expect(screen.getByTestId("backup-status").textContent).toBe(
      backupCopy.exported("habit-streaks-backup-2026-11-21.json"),
    );
    expect(onExported).toHaveBeenCalledWith("habit-streaks-backup-2026-11-21.json");
  });
});

describe("backup import", () => {
  it("replaces the habits with a valid file and notifies", async () => {
    const { importAll, onImported, alert, choose } = setup();
    await choose("backup.json", buildBackup(habits));
    expect(alert).not.toHaveBeenCalled();
    expect(importAll).toHaveBeenCalledWith([
      expect.objectContaining({ name: "Read", completedDates: ["2026-11-20", "2026-11-21"] }),
      expect.objectContaining({ name: "Walk", completedDates: [] }),
    ]);
    expect(screen.getByTestId("backup-status").textContent).toBe(backupCopy.imported(2));
    expect(onImported).toHaveBeenCalledWith(2);
  });

  it("alerts the SPEC text for a bad file and changes nothing", async () => {
    const { importAll, alert, choose, notified } = setup();
    await choose("backup.json", "{broken");
    expect(alert).toHaveBeenLastCalledWith(messages.validation.importParseError);
    await choose("notes.txt", "[]");
    expect(alert).toHaveBeenLastCalledWith(messages.validation.importInvalidFormat);
    expect(screen.getByTestId("backup-status").textContent).toBe(
      backupCopy.rejectedDetail(backupCopy.notJson),
    );
    expect(importAll).not.toHaveBeenCalled();
    expect(notified()).toEqual([]);
  });

  it("explains a failed import without a success notification", async () => {
    const { notified, choose } = setup(vi.fn(async () => ({ ok: false, source: "local" as const })));
    await choose("backup.json", buildBackup(habits));
    expect(screen.getByTestId("backup-status").textContent).toBe(backupCopy.failedDetail);
    expect(notified()).toEqual([]);
  });
});

describe("backup import without its checker", () => {
  it("refuses the file with a reason when the checker cannot be loaded", async () => {
    vi.spyOn(validation, "loadBackupParser").mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { importAll, alert, notified, choose } = setup();
    await choose("backup.json", buildBackup(habits));
    expect(screen.getByTestId("backup-status").textContent).toBe(
      backupCopy.rejectedDetail(backupCopy.checkerUnavailable),
    );
    expect(importAll).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(notified()).toEqual([]);
  });
});
