// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listenForPopupResult, POPUP_MESSAGE_TYPE, type PopupResultListener } from "./popup-result";

const post = (data: unknown, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin }));
const outcome = (fields: Record<string, unknown>) => ({ type: POPUP_MESSAGE_TYPE, nonce: "n", ...fields });

let late: PopupResultListener;
beforeEach(() => {
  vi.useFakeTimers();
  late = listenForPopupResult();
});
afterEach(() => {
  late.stop();
  vi.useRealTimers();
});

describe("listenForPopupResult", () => {
  it("keeps an outcome posted before Better Auth gave up on the popup", async () => {
    post(outcome({ token: "session-token", redirectTo: "/" }));
    await expect(late.result(2000)).resolves.toEqual({ signedIn: true });
  });

  it("hears an error that arrives after the popup was seen closed, within the wait", async () => {
    const result = late.result(2000);
    await vi.advanceTimersByTimeAsync(1500);
    post(outcome({ error: { code: "banned", description: "You have been banned from this application" } }));
    await expect(result).resolves.toEqual({
      signedIn: false,
      code: "banned",
      description: "You have been banned from this application",
    });
  });

  it("answers null once the wait is over with no outcome (the user closed the popup)", async () => {
    const result = late.result(2000);
    await vi.advanceTimersByTimeAsync(1999);
    post(outcome({ token: "" })); // no token and no error: not an outcome
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
    post(outcome({ error: { code: "access_denied" } })); // too late for that wait, kept for a later one
    await expect(late.result(0)).resolves.toEqual({ signedIn: false, code: "access_denied" });
  });

  it("ignores other origins, other message types, and anything once stopped", async () => {
    post(outcome({ token: "t" }), "https://elsewhere.example");
    post({ type: "something-else", token: "t" });
    post("better-auth:oauth-popup");
    const result = late.result(2000);
    late.stop();
    await expect(result).resolves.toBeNull();
    post(outcome({ token: "t" }));
    const after = late.result(10);
    await vi.advanceTimersByTimeAsync(10);
    await expect(after).resolves.toBeNull();
  });
});
