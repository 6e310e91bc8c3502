import { afterEach, describe, expect, it, vi } from "vitest";
import { browserZone, onVisit } from "./visit";

afterEach(() => vi.unstubAllGlobals());

const settings = {
  timeZone: "Europe/Berlin",
  email: { enabled: false, available: false, verified: false },
  push: { publicKey: "BOr6", devices: 0 },
  reminders: [],
};

describe("onVisit", () => {
  it("sends the browser's time zone once per app start and user", async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(settings), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    await onVisit("u1");
    await onVisit("u1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/api/reminders/time-zone");
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: "PUT",
      body: JSON.stringify({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    });
    await onVisit("u2"); // another user signed in on this tab
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("never rejects when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(onVisit("u3")).resolves.toBeUndefined();
  });

  it("reads the zone from Intl", () => {
    expect(browserZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
