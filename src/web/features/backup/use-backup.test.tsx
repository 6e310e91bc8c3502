// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildBackup } from "../../../core/backup";
import { messages } from "../../../core/messages";
import { makeHabit, TEST_TODAY } from "../../../core/test-habits";
import * as validation from "../../lib/habits/habit-validation";
import type { UseHabits } from "../../lib/habits/use-habits";
import type { ConfirmQuestion } from "../../ui/confirm-dialog";
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
      importing={backup.phase === "checking" || backup.phase === "importing"}
      busy={backup.phase !== null}
      status={backup.status}
      onExport={backup.exportBackup}
      onExportCsv={backup.exportCsv}
      onImport={(file) => void backup.importFile(file)}
    />
  );
}

function setup(
  importAll: UseHabits["importAll"] = vi.fn(async () => ({ ok: true, source: "server" as const })),
  { currentCount = habits.length as number | null, answer = true } = {},
) {
  const alert = vi.fn();
  const confirm = vi.fn(async (_question: ConfirmQuestion) => answer);
  const onExported = vi.fn();
  const onImported = vi.fn();
  render(
    <Harness
      habits={habits}
      currentCount={currentCount}
      confirm={confirm}
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
  return { alert, confirm, onExported, onImported, notified, importAll, choose };
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

  it("downloads the history as CSV named with the date, from the habits it was given", async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), "blob:csv"));
    const { onExported } = setup();
    fireEvent.click(screen.getByRole("button", { name: backupCopy.exportCsvButton }));
    expect(clicks[0]?.download).toBe("habit-streaks-history-2026-11-21.csv");
    expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
    // jsdom's Blob has no arrayBuffer(); its FileReader reads the bytes.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFF"date","habit","state","value","note","group"\r\n"2026-11-20","Read","done","","",""\r\n"2026-11-21","Read","done","","",""\r\n',
    );
    expect(screen.getByTestId("backup-status").textContent).toBe(
      backupCopy.exported("habit-streaks-history-2026-11-21.csv"),
    );
    expect(onExported).not.toHaveBeenCalled();
  });
});

describe("backup import", () => {
  it("asks how many habits are replaced by how many, then replaces them and notifies", async () => {
    const { importAll, onImported, alert, confirm, choose } = setup();
    await choose("backup.json", buildBackup(habits));
    expect(alert).not.toHaveBeenCalled();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({
      title: "Replace your 2 habits with the 2 in this file?",
      confirm: messages.importConfirm.replace,
      cancel: messages.importConfirm.cancel,
      tone: "danger",
    });
    expect(importAll).toHaveBeenCalledWith(
      [
        expect.objectContaining({ name: "Read", completedDates: ["2026-11-20", "2026-11-21"] }),
        expect.objectContaining({ name: "Walk", completedDates: [] }),
      ],
      [], // the file's groups: none
    );
    expect(screen.getByTestId("backup-status").textContent).toBe(backupCopy.imported(2));
    expect(onImported).toHaveBeenCalledWith(2);
  });

  it("changes nothing when the user cancels", async () => {
    const { importAll, confirm, notified, alert, choose } = setup(undefined, { answer: false });
    await choose("backup.json", buildBackup([makeHabit("Only")]));
    expect(confirm.mock.calls[0]?.[0].title).toBe("Replace your 2 habits with the one in this file?");
    expect(importAll).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(notified()).toEqual([]);
    expect(screen.getByTestId("backup-status").textContent).toBe(
      "Nothing was changed: the import was cancelled.",
    );
  });

  it("asks nothing when there is no habit to replace, and names all habits when their number is unknown", async () => {
    const none = setup(undefined, { currentCount: 0 });
    await none.choose("backup.json", buildBackup(habits));
    expect(none.confirm).not.toHaveBeenCalled();
    expect(none.importAll).toHaveBeenCalledTimes(1);
    cleanup();
    const unknown = setup(undefined, { currentCount: null, answer: false });
    await unknown.choose("backup.json", buildBackup(habits));
    expect(unknown.confirm.mock.calls[0]?.[0].title).toBe("Replace all your habits with the 2 in this file?");
    expect(unknown.importAll).not.toHaveBeenCalled();
  });

  it("alerts the product's text for a bad file and changes nothing", async () => {
    const { importAll, alert, confirm, choose, notified } = setup();
    await choose("backup.json", "{broken");
    expect(alert).toHaveBeenLastCalledWith(messages.validation.importParseError);
    await choose("notes.txt", "[]");
    expect(alert).toHaveBeenLastCalledWith(messages.validation.importInvalidFormat);
    expect(screen.getByTestId("backup-status").textContent).toBe(
      backupCopy.rejectedDetail(backupCopy.notJson),
    );
    expect(importAll).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
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
