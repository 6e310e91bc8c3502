// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../../core/messages";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";
import type { UseHabits } from "../../lib/habits/use-habits";
import type { ConfirmQuestion } from "../../ui/confirm-dialog";
import { LoopImportCard } from "./loop-import-card";
import type { LoopEngines } from "./read-loop-file";
import { useLoopImport, type UseLoopImportOptions } from "./use-loop-import";

const t = messages.loopImport;
const ZIP = zipSync({
  "Habits.csv": strToU8("Position,Name,Archived?\n002,Walk,false\n001,Read,true\n"),
  "001 Read/Checkmarks.csv": strToU8(
    "Date,Value\n2026-11-20,YES_MANUAL\n2026-11-19,SKIP\n2026-11-18,YES_AUTO\n",
  ),
  "002 Walk/Checkmarks.csv": strToU8("Date,Value\n2026-11-21,YES_MANUAL\n"),
});
const ITEMS = [
  {
    name: "Read",
    completedDates: ["2026-11-20"],
    skippedDates: ["2026-11-19"],
    archived: true,
    position: 0,
    schedule: null,
    kind: "yesNo",
    rules: [{ from: "2026-11-19", frequency: null, target: null }],
  },
  {
    name: "Walk",
    completedDates: ["2026-11-21"],
    skippedDates: [],
    archived: false,
    position: 1,
    schedule: null,
    kind: "yesNo",
    rules: [{ from: "2026-11-21", frequency: null, target: null }],
  },
];
const fileOf = (bytes: Uint8Array) => ({
  size: bytes.length,
  arrayBuffer: async () => new Uint8Array(bytes).buffer,
});

function Harness(options: UseLoopImportOptions) {
  const loop = useLoopImport(options);
  return (
    <LoopImportCard
      phase={loop.phase}
      status={loop.status}
      preview={loop.preview}
      canImport
      onChoose={(file) => void loop.chooseFile(file)}
      onAdd={() => void loop.add()}
      onReplace={() => void loop.replace()}
      onCancel={loop.cancel}
    />
  );
}

function setup({
  append = vi.fn(async () => []),
  importAll = vi.fn(async () => ({ ok: true, source: "server" as const })),
  currentCount = 3 as number | null,
  answer = true,
  engines = { openSqlite: vi.fn(), unzip: () => import("fflate") } as LoopEngines,
}: {
  append?: UseLoopImportOptions["append"];
  importAll?: UseHabits["importAll"];
  currentCount?: number | null;
  answer?: boolean;
  engines?: LoopEngines;
} = {}) {
  const confirm = vi.fn(async (_question: ConfirmQuestion) => answer);
  const sync = vi.fn(async () => undefined);
  render(
    <Harness
      today="2026-11-22"
      currentCount={currentCount}
      confirm={confirm}
      importAll={importAll}
      append={append}
      sync={sync}
      engines={engines}
    />,
  );
  const choose = async (file = fileOf(ZIP)) => {
    await act(async () => {
      fireEvent.change(screen.getByTestId("loop-file-input"), { target: { files: [file] } });
    });
    await waitFor(() => expect(screen.getByRole("button", { name: t.choose })).toBeDefined());
  };
  const click = async (name: string) => {
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name }));
    });
    await waitFor(() => expect(screen.queryByText(t.saving)).toBeNull());
  };
  const status = () => screen.getByTestId("loop-import-status").textContent;
  return { confirm, sync, append, importAll, choose, click, status };
}

afterEach(cleanup);

describe("the Loop import card", () => {
  it("shows each habit's rule, a measured habit's days with a number and exact total, and each approximation", async () => {
    const { choose } = setup();
    const zip = zipSync({
      "Habits.csv": strToU8(
        "Position,Name,Type,FrequencyNumerator,FrequencyDenominator,Unit,Target Type,Target Value\n" +
          "001,Gym,YES_NO,1,3,,,\n002,Water,NUMERICAL,1,1,L,AT_LEAST,2.5\n",
      ),
      "001 Gym/Checkmarks.csv": strToU8("Date,Value,Notes\n2026-11-20,YES_MANUAL,Legs\n"),
      "002 Water/Checkmarks.csv": strToU8(
        "Date,Value,Notes\n2026-11-21,200,\n2026-11-20,100,\n2026-11-19,SKIP,\n",
      ),
    });
    await choose(fileOf(zip));
    expect(screen.getAllByTestId("loop-habit-rule").map((e) => e.textContent)).toEqual([
      t.due(t.howOften(2, "week")),
      t.target(false, 2.5, "L", "day"),
    ]);
    expect(screen.getAllByTestId("loop-habit-counts").map((e) => e.textContent)).toEqual([
      t.counts(1, 0),
      t.measuredCounts(2, "0.3", "L", 1),
    ]);
    expect(screen.getAllByTestId("loop-habit-note").map((e) => e.textContent)).toEqual([
      "Gym: every 3 days became 2 times a week",
    ]);
    expect(screen.getByTestId("loop-preview").textContent).toContain(t.moreTotals(2, 1));
  });

  it("previews the habits in Loop's order with their counts, ranges and notes, writing nothing", async () => {
    const { choose, append, importAll } = setup();
    await choose();
    const items = screen.getAllByTestId("loop-preview-habit");
    expect(items.map((item) => item.querySelector("span")?.textContent)).toEqual(["Read", "Walk"]);
    expect(screen.getAllByTestId("loop-habit-counts").map((e) => e.textContent)).toEqual([
      t.counts(1, 1),
      t.counts(1, 0),
    ]);
    expect(screen.getAllByTestId("loop-habit-range").map((e) => e.textContent)).toEqual([
      t.range("2026-11-19", "2026-11-20"),
      "2026-11-21",
    ]);
    expect(screen.getAllByTestId("loop-habit-note").map((e) => e.textContent)).toEqual([t.notes.auto(1)]);
    expect(screen.getByText(t.archived)).toBeDefined();
    expect(append).not.toHaveBeenCalled();
    expect(importAll).not.toHaveBeenCalled();
  });

  it("adds: the items go to the append, then a sync brings them here", async () => {
    const { choose, click, append, sync, confirm, status } = setup();
    await choose();
    await click(t.add);
    expect(append).toHaveBeenCalledWith(ITEMS);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(status()).toBe(t.added(2));
    expect(screen.queryByTestId("loop-preview")).toBeNull();
  });

  it.each([
    [new ApiError(0, NETWORK_ERROR_CODE, "Failed to fetch"), t.offline],
    [
      new ApiError(409, "QUOTA_EXCEEDED", "An account holds at most 500 habits"),
      t.refused("An account holds at most 500 habits"),
    ],
  ])("an add that fails says why and keeps the preview: %s", async (error, reason) => {
    const { choose, click, sync, status } = setup({ append: vi.fn(async () => Promise.reject(error)) });
    await choose();
    await click(t.add);
    expect(status()).toBe(t.rejected(reason));
    expect(sync).not.toHaveBeenCalled();
    expect(screen.getByTestId("loop-preview")).toBeDefined();
  });

  it("replaces after the backup import's question, with both counts", async () => {
    const { choose, click, confirm, importAll, append, status } = setup();
    await choose();
    await click(t.replace);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({
      title: "Replace your 3 habits with the 2 in this file?",
      confirm: messages.importConfirm.replace,
      tone: "danger",
    });
    expect(importAll).toHaveBeenCalledWith(ITEMS);
    expect(append).not.toHaveBeenCalled();
    expect(status()).toBe(t.replaced(2));
  });

  it("a cancelled replace writes nothing; with no habits there is nothing to ask", async () => {
    const no = setup({ answer: false });
    await no.choose();
    await no.click(t.replace);
    expect(no.importAll).not.toHaveBeenCalled();
    expect(no.status()).toBe(t.rejected(t.cancelled));
    cleanup();
    const empty = setup({ currentCount: 0 });
    await empty.choose();
    await empty.click(t.replace);
    expect(empty.confirm).not.toHaveBeenCalled();
    expect(empty.importAll).toHaveBeenCalledTimes(1);
  });

  it("a replace the server cannot take now is queued; one it refuses is said", async () => {
    const queued = setup({ importAll: vi.fn(async () => ({ ok: false, source: "local" as const })) });
    await queued.choose();
    await queued.click(t.replace);
    expect(queued.status()).toBe(t.queued);
    cleanup();
    const refused = setup({ importAll: vi.fn(async () => ({ ok: false, source: "server" as const })) });
    await refused.choose();
    await refused.click(t.replace);
    expect(refused.status()).toBe(t.rejected(t.notAccepted));
  });

  it("refuses a file with its reason, and says so when a reader cannot be loaded", async () => {
    const bad = setup();
    await bad.choose(fileOf(strToU8("hello")));
    expect(bad.status()).toBe(t.rejected(t.problems.notLoop));
    cleanup();
    const offline = setup({
      engines: { openSqlite: vi.fn(), unzip: () => Promise.reject(new TypeError("Failed to fetch")) },
    });
    await offline.choose();
    expect(offline.status()).toBe(t.rejected(t.problems.readerUnavailable));
    expect(screen.queryByTestId("loop-preview")).toBeNull();
  });
});
