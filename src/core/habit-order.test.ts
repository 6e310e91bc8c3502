import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareHabits,
  moveAmong,
  moveBefore,
  moveToIndex,
  type Ordered,
  positionBetween,
  positionForNew,
  type PositionChange,
  sortHabits,
} from "./habit-order";

const h = (id: string, position: number, createdAt = "2026-11-01T00:00:00.000Z"): Ordered => ({
  id,
  position,
  createdAt,
});
/** The list after the writes, sorted again. */
const after = (list: readonly Ordered[], moves: readonly PositionChange[]) =>
  sortHabits(
    list.map((habit) => {
      const move = moves.find((m) => m.id === habit.id);
      return move ? { ...habit, position: move.position } : habit;
    }),
  ).map((habit) => habit.id);

describe("the order of habits", () => {
  it("is by position, then newest first, then by id", () => {
    const list = [
      h("b", 1, "2026-11-02T00:00:00.000Z"),
      h("c", 1, "2026-11-03T00:00:00.000Z"),
      h("a", 0),
      h("e", 2),
      h("d", 2),
    ];
    expect(sortHabits(list).map((x) => x.id)).toEqual(["a", "c", "b", "d", "e"]);
    expect(compareHabits(h("x", 1), h("x", 1))).toBe(0);
  });

  it("puts a new habit first", () => {
    expect(positionForNew([])).toBe(0);
    expect(positionForNew([h("a", 3), h("b", -2.5), h("c", 7)])).toBe(-3.5);
  });

  it("finds a position strictly between two, or says there is none", () => {
    expect(positionBetween(undefined, undefined)).toBe(0);
    expect(positionBetween(undefined, 4)).toBe(3);
    expect(positionBetween(4, undefined)).toBe(5);
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(2, 2)).toBeNull();
    expect(positionBetween(3, 2)).toBeNull();
    expect(positionBetween(1, 1 + Number.EPSILON)).toBeNull(); // adjacent doubles
  });

  it("moves a habit with one write between its new neighbours", () => {
    const list = [h("a", 0), h("b", 1), h("c", 2), h("d", 3)];
    expect(moveBefore(list, "d", "b")).toEqual([{ id: "d", position: 0.5 }]);
    expect(moveBefore(list, "a", null)).toEqual([{ id: "a", position: 4 }]);
    expect(moveBefore(list, "c", "a")).toEqual([{ id: "c", position: -1 }]);
    expect(after(list, moveBefore(list, "d", "b"))).toEqual(["a", "d", "b", "c"]);
  });

  it("writes nothing for a move to where the habit is, or of an unknown habit", () => {
    const list = [h("a", 0), h("b", 1), h("c", 2)];
    expect(moveBefore(list, "b", "c")).toEqual([]);
    expect(moveBefore(list, "c", null)).toEqual([]);
    expect(moveBefore(list, "b", "b")).toEqual([]);
    expect(moveBefore(list, "x", "a")).toEqual([]);
    expect(moveBefore(list, "a", "x")).toEqual([]);
    expect(moveAmong(list, "a", "up")).toEqual([]);
    expect(moveAmong(list, "c", "down")).toEqual([]);
  });

  it("numbers the habits anew when the neighbours leave no room (equal positions)", () => {
    // Three habits at one position, as a device that lost the race may leave them; order newest first.
    const list = sortHabits([
      h("a", 0, "2026-11-03T00:00:00.000Z"),
      h("b", 0, "2026-11-02T00:00:00.000Z"),
      h("c", 0, "2026-11-01T00:00:00.000Z"),
    ]);
    const moves = moveBefore(list, "c", "b");
    expect(after(list, moves)).toEqual(["a", "c", "b"]);
    expect(moves).toEqual([
      { id: "c", position: 1 },
      { id: "b", position: 2 },
    ]);
  });

  it("moves up and down one place among its peers, passing the others", () => {
    const list = [h("a", 0), h("x", 1), h("b", 2), h("y", 3), h("c", 4)];
    const shown = (habit: Ordered) => !["x", "y"].includes(habit.id);
    expect(after(list, moveAmong(list, "b", "up", shown))).toEqual(["b", "a", "x", "y", "c"]);
    expect(after(list, moveAmong(list, "b", "down", shown))).toEqual(["a", "x", "y", "c", "b"]);
    expect(after(list, moveAmong(list, "a", "down", shown))).toEqual(["x", "b", "a", "y", "c"]);
    expect(moveAmong(list, "c", "down", shown)).toEqual([]);
  });

  it("any move puts the habit exactly where it was asked, and keeps the others' order", () => {
    const lists = fc
      .uniqueArray(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 8 })
      .chain((ids) =>
        fc.tuple(
          fc.tuple(...ids.map((id) => fc.constant(id)), ...ids.map(() => fc.integer({ min: -3, max: 3 }))),
          fc.nat({ max: ids.length - 1 }),
          fc.nat({ max: ids.length }),
        ),
      );
    fc.assert(
      fc.property(lists, ([values, from, to]) => {
        const n = values.length / 2;
        const list = sortHabits(
          Array.from({ length: n }, (_, i) => h(`h${values[i]}`, values[n + i]!, `2026-11-0${(i % 9) + 1}`)),
        );
        const id = list[from]!.id;
        const others = list.filter((habit) => habit.id !== id).map((habit) => habit.id);
        const index = Math.min(to, others.length);
        const expected = [...others.slice(0, index), id, ...others.slice(index)];
        expect(after(list, moveToIndex(list, id, index))).toEqual(expected);
      }),
    );
  });
});
