// @vitest-environment jsdom
// Today's rows for each kind of habit (docs/decisions/0061): a measurable habit's number as a spin button with Add
// and its progress, a quit habit's "I slipped" and clean days, N times a period with its progress.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HabitRule } from "../../../core/habit-kind";
import { addDays } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import type { SyncOp } from "../../../core/sync";
import { kindView } from "../../lib/habits/kind-view";
import { deriveAll } from "../../lib/habits/habit-views";
import { applyChanges, emptyReplica, opChanges, storedHabits } from "../../lib/sync/replica-state";
import { HabitList, TodayList } from "./today-list";

afterEach(cleanup);

const TODAY = "2026-11-21"; // a Saturday
const GLASSES = { atMost: false, amount: 8, per: "day" as const, unit: "glasses" };
const QUIT = { atMost: true, amount: 0, per: "day" as const, unit: "times" };

/** The views of habits made and written as the store does, for today. */
function views(
  habits: { name: string; kind?: "yesNo" | "measurable" | "quit"; rules: HabitRule[]; step?: number }[],
  days: SyncOp[] = [],
) {
  const ops: SyncOp[] = [
    ...habits.map(({ name, kind = "yesNo", rules, step }, i): SyncOp => ({
      opId: `c${name}`,
      type: "createHabit",
      habitId: name,
      name,
      kind,
      rules,
      position: i,
      ...(step === undefined ? {} : { step }),
    })),
    ...days,
  ];
  const replica = applyChanges(
    emptyReplica(),
    ops.flatMap((op) => opChanges(op, "2026-11-21T08:00:00.000Z")),
  );
  return deriveAll(storedHabits(replica), { today: TODAY, vacations: [], weekStart: 1, kindView });
}
const amount = (habitId: string, date: string, value: number): SyncOp => ({
  opId: `${habitId}${date}`,
  type: "setAmount",
  habitId,
  date,
  value,
});

function renderRows(habits: ReturnType<typeof views>) {
  const actions = {
    onToggle: vi.fn(),
    onSetAmount: vi.fn(),
    onAddAmount: vi.fn(),
    onSlipped: vi.fn(),
    onMoveTo: vi.fn(),
  };
  const list = (shown: ReturnType<typeof views>) => (
    <MemoryRouter>
      <HabitList
        status="ready"
        habits={shown}
        archivedCount={0}
        today={TODAY}
        vacations={[]}
        isSaving={() => false}
        onDelete={() => {}}
        onCycleDay={() => {}}
        onExplain={() => {}}
        onRetry={() => {}}
        onAdd={() => {}}
        {...actions}
      />
    </MemoryRouter>
  );
  const { rerender } = render(list(habits));
  return { actions, rerender: (next: ReturnType<typeof views>) => rerender(list(next)) };
}

describe("a measurable habit's row", () => {
  const water = (value?: number) =>
    views(
      [
        {
          name: "Water",
          kind: "measurable",
          rules: [{ from: "2026-11-01", frequency: null, target: GLASSES }],
        },
      ],
      value === undefined ? [] : [amount("Water", TODAY, value)],
    );

  it("shows today's number as a spin button named '<name> today', Add by the step and the progress", () => {
    const { actions } = renderRows(water(5));
    const field = screen.getByRole("spinbutton", { name: "Water today" }) as HTMLInputElement;
    expect(field.value).toBe("5");
    expect(field.getAttribute("aria-valuenow")).toBe("5");
    expect(screen.getByText("5 / 8 glasses")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Complete Water" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add 1 to Water" }));
    expect(actions.onAddAmount).toHaveBeenCalledWith(expect.objectContaining({ id: "Water" }), 1);
    expect(screen.getByRole("button", { name: messages.todayRow.move("Water") })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Water" })).toBeTruthy();
  });

  it("keeps a typed number on Enter or on leaving the field; blank is none; what is not a number is not kept", () => {
    const { actions } = renderRows(water(5));
    const field = screen.getByRole("spinbutton", { name: "Water today" }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "7" } });
    expect(actions.onSetAmount).not.toHaveBeenCalled(); // not while typing
    fireEvent.keyDown(field, { key: "Enter" });
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.objectContaining({ id: "Water" }), 7);
    fireEvent.change(field, { target: { value: "2,5" } });
    fireEvent.blur(field);
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.anything(), 2.5);
    fireEvent.change(field, { target: { value: "" } });
    fireEvent.blur(field);
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.anything(), null);
    fireEvent.change(field, { target: { value: "lots" } });
    fireEvent.keyDown(field, { key: "Enter" });
    fireEvent.change(field, { target: { value: "-3" } });
    fireEvent.blur(field);
    expect(actions.onSetAmount).toHaveBeenCalledTimes(3);
    expect(field.value).toBe("5"); // the stored number shows again
    fireEvent.change(field, { target: { value: "5" } });
    fireEvent.blur(field);
    expect(actions.onSetAmount).toHaveBeenCalledTimes(3); // unchanged: nothing written
  });

  it("raises and lowers the number by the step with the arrow keys, not below 0", () => {
    const stepped = views([
      {
        name: "Run",
        kind: "measurable",
        step: 0.5,
        rules: [{ from: "2026-11-01", frequency: null, target: { ...GLASSES, amount: 5, unit: "km" } }],
      },
    ]);
    const { actions } = renderRows(stepped);
    const field = screen.getByRole("spinbutton", { name: "Run today" });
    expect(screen.getByRole("button", { name: "Add 0.5 to Run" })).toBeTruthy();
    expect(screen.getByText("0 / 5 km")).toBeTruthy();
    fireEvent.keyDown(field, { key: "ArrowUp" });
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.objectContaining({ id: "Run" }), 0.5);
    fireEvent.keyDown(field, { key: "ArrowDown" }); // from nothing: 0
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.anything(), 0);
    fireEvent.change(field, { target: { value: "3" } });
    fireEvent.keyDown(field, { key: "ArrowUp" }); // from what is typed
    expect(actions.onSetAmount).toHaveBeenLastCalledWith(expect.anything(), 3.5);
  });

  it("plays the tick's pop when a change made on the row meets today's target", async () => {
    const { rerender } = renderRows(water(7));
    const add = screen.getByRole("button", { name: "Add 1 to Water" });
    expect(add.getAttribute("data-animating")).toBe("false");
    fireEvent.click(add);
    rerender(water(8));
    await vi.waitFor(() => expect(add.getAttribute("data-animating")).toBe("true"));
    expect(screen.getByText("8 / 8 glasses")).toBeTruthy();
  });
});

describe("a quit habit's row", () => {
  it("offers 'I slipped', named with the habit, and counts the clean days", () => {
    const smoke = views(
      [{ name: "Smoking", kind: "quit", rules: [{ from: "2026-11-15", frequency: null, target: QUIT }] }],
      [amount("Smoking", "2026-11-17", 1)],
    );
    const { actions } = renderRows(smoke);
    const slip = screen.getByRole("button", { name: "I slipped: Smoking" });
    expect(slip.textContent).toBe("I slipped");
    expect(screen.getByText("3 days clean")).toBeTruthy();
    fireEvent.click(slip);
    expect(actions.onSlipped).toHaveBeenCalledWith(expect.objectContaining({ id: "Smoking" }));
    expect(screen.queryByRole("button", { name: "Complete Smoking" })).toBeNull();
  });
});

describe("a habit due N times a period", () => {
  it("counts its streak in weeks, with no flame that would call them days", () => {
    // Monday to Wednesday of the 10 weeks from Monday, September 14, to the week of today.
    const done = Array.from({ length: 30 }, (_, i) => addDays("2026-09-14", Math.floor(i / 3) * 7 + (i % 3)));
    const gym = views(
      [{ name: "Gym", rules: [{ from: "2026-09-14", frequency: { times: 3, per: "week" }, target: null }] }],
      done.map((date, i): SyncOp => ({ opId: `d${i}`, type: "setDay", habitId: "Gym", date, state: "done" })),
    );
    renderRows(gym);
    expect(screen.getByText("10-week streak")).toBeTruthy();
    expect(screen.queryByTestId("pulse-icon")).toBeNull();
  });

  it("has the toggle and the period's progress", () => {
    const gym = views(
      [
        { name: "Gym", rules: [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }] },
        {
          name: "Call mum",
          rules: [{ from: "2026-11-02", frequency: { times: 2, per: "month" }, target: null }],
        },
      ],
      [
        { opId: "d1", type: "setDay", habitId: "Gym", date: "2026-11-17", state: "done" },
        { opId: "d2", type: "setDay", habitId: "Gym", date: "2026-11-20", state: "done" },
      ],
    );
    const { actions } = renderRows(gym);
    const row = screen.getAllByTestId("habit-row")[0]!;
    expect(within(row).getByText("2 of 3 this week")).toBeTruthy();
    expect(screen.getByText("0 of 2 this month")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Complete Gym" }));
    expect(actions.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: "Gym" }));
  });

  it("shows its tick pressed when today is done, whether or not the period is met", () => {
    const rules: HabitRule[] = [{ from: "2026-11-02", frequency: { times: 3, per: "week" }, target: null }];
    const done = (date: string): SyncOp => ({
      opId: date,
      type: "setDay",
      habitId: "Gym",
      date,
      state: "done",
    });
    // Today done, the week not met yet: the tick is pressed (a click would undo today's tick).
    renderRows(views([{ name: "Gym", rules }], [done(TODAY)]));
    expect(screen.getByText("1 of 3 this week")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Gym" }).getAttribute("aria-pressed")).toBe("true");
    cleanup();
    // The week met on other days, today not done: the tick is not pressed (a click would tick today).
    renderRows(views([{ name: "Gym", rules }], [done("2026-11-17"), done("2026-11-18"), done("2026-11-20")]));
    expect(screen.getByText("3 of 3 this week")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Gym" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("a yes/no habit due every day shows no progress line", () => {
    renderRows(views([{ name: "Read", rules: [{ from: "2026-11-02", frequency: null, target: null }] }]));
    expect(screen.queryByTestId("kind-progress")).toBeNull();
    expect(screen.getByRole("button", { name: "Complete Read" })).toBeTruthy();
  });
});

describe("a measurable habit's milestone", () => {
  const rules: HabitRule[] = [{ from: "2026-11-01", frequency: null, target: GLASSES }];
  const week = ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
  const water = (today: number) =>
    views(
      [{ name: "Water", kind: "measurable", rules }],
      [...week.map((date) => amount("Water", date, 8)), amount("Water", TODAY, today)],
    );
  const list = (habits: ReturnType<typeof views>, onAddAmount = vi.fn()) => (
    <MemoryRouter>
      <TodayList
        status="ready"
        habits={habits}
        archivedCount={0}
        today={TODAY}
        vacations={[]}
        isSaving={() => false}
        onToggle={() => {}}
        onCycleDay={() => {}}
        onAddAmount={onAddAmount}
        onDelete={() => {}}
        onExplain={() => {}}
        onMoveTo={() => {}}
        onRetry={() => {}}
        onAdd={() => {}}
      />
    </MemoryRouter>
  );

  it("celebrates a change on the row that meets today's target and raises the streak onto 5 days", () => {
    const { rerender } = render(list(water(7)));
    expect(water(7)[0]!.streakCount).toBe(4);
    fireEvent.click(screen.getByRole("button", { name: "Add 1 to Water" }));
    expect(screen.queryByTestId("milestone")).toBeNull();
    rerender(list(water(8)));
    expect(screen.getByTestId("milestone").textContent).toContain("5-day streak!");
  });

  it("does not celebrate a change made elsewhere (a pull)", () => {
    const { rerender } = render(list(water(7)));
    rerender(list(water(8)));
    expect(screen.queryByTestId("milestone")).toBeNull();
  });
});
