// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserTimeZone,
  currentDayStart,
  localToday,
  msUntilNextCheck,
  onDayStartChange,
  setDayStart,
} from "./local-today";

afterEach(() => vi.unstubAllEnvs());

describe("localToday", () => {
  it("is the calendar day in the browser's zone, not the UTC day", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "America/New_York",
    });
    expect(localToday(new Date("2026-11-21T03:00:00Z"))).toBe("2026-11-20");
    spy.mockRestore();
  });

  it("falls back to UTC for a zone the platform does not know", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "Mars/Olympus",
    });
    expect(localToday(new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-21");
    spy.mockRestore();
  });
});

describe("browserTimeZone", () => {
  it("asks Intl once in a job, and again in the next: the zone can change between jobs", async () => {
    const zones = ["Europe/Paris", "Asia/Tokyo"];
    const options = new Intl.DateTimeFormat().resolvedOptions();
    const spy = vi
      .spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions")
      .mockImplementation(() => ({ ...options, timeZone: zones[0]! }));
    expect([browserTimeZone(), browserTimeZone(), browserTimeZone()]).toEqual(Array(3).fill("Europe/Paris"));
    expect(spy).toHaveBeenCalledTimes(1);
    zones.shift();
    expect(browserTimeZone()).toBe("Europe/Paris");
    await Promise.resolve();
    expect(browserTimeZone()).toBe("Asia/Tokyo");
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});

describe("msUntilNextCheck", () => {
  it("waits until just after the next local midnight", () => {
    const now = new Date(2026, 10, 21, 23, 59, 30);
    expect(msUntilNextCheck(now)).toBe(30_250);
  });
  it("checks at least hourly, and never in a busy loop", () => {
    expect(msUntilNextCheck(new Date(2026, 10, 21, 8, 0, 0))).toBe(60 * 60 * 1000);
    expect(msUntilNextCheck(new Date(2026, 10, 21, 23, 59, 59, 999))).toBeGreaterThanOrEqual(1000);
  });
});

describe("the day start", () => {
  it("a moment before the day start belongs to the day before", () => {
    const at0130 = new Date(2026, 10, 21, 1, 30);
    expect(localToday(at0130, 0)).toBe("2026-11-21");
    expect(localToday(at0130, 180)).toBe("2026-11-20");
    expect(localToday(new Date(2026, 10, 21, 3, 0), 180)).toBe("2026-11-21");
  });

  it("the next check is just after the next day start", () => {
    expect(msUntilNextCheck(new Date(2026, 10, 21, 2, 59, 30), 180)).toBe(30_250);
    expect(msUntilNextCheck(new Date(2026, 10, 21, 23, 59, 30), 180)).toBe(60 * 60 * 1000); // capped
    expect(msUntilNextCheck(new Date(2026, 10, 21, 23, 59, 30), 0)).toBe(30_250);
  });

  it("follows the signed-in user's day start, remembered for that user only; signed out it is midnight", () => {
    localStorage.clear();
    const changes = vi.fn();
    const stop = onDayStartChange(changes);
    expect(currentDayStart()).toBe(0);
    setDayStart("u1", 180);
    expect(currentDayStart()).toBe(180);
    expect(changes).toHaveBeenCalledTimes(1);
    setDayStart("u1", 180);
    expect(changes).toHaveBeenCalledTimes(1); // no change, no call
    expect(localToday(new Date(2026, 10, 21, 1, 30))).toBe("2026-11-20");
    expect(JSON.parse(localStorage.getItem("habitStreaksDayStart") ?? "null")).toEqual({
      userId: "u1",
      dayStart: 180,
    });
    stop();
  });

  it("after a reload, starts from the day start remembered for the user last signed in, else midnight", async () => {
    localStorage.clear();
    localStorage.setItem("habitStreaksDayStart", JSON.stringify({ userId: "u1", dayStart: 240 }));
    const fresh = async (lastUserId: string | null) => {
      if (lastUserId === null) localStorage.removeItem("habitStreaksLastUser");
      else
        localStorage.setItem(
          "habitStreaksLastUser",
          JSON.stringify({ id: lastUserId, name: "U", email: "u@x.io" }),
        );
      vi.resetModules();
      return (await import("./local-today")).currentDayStart();
    };
    expect(await fresh("u1")).toBe(240);
    expect(await fresh("u2")).toBe(0);
    expect(await fresh(null)).toBe(0);
  });
});
