// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { notificationPermission, requestNotificationPermission, showNotification } from "./notifications";

type Fake = { permission: NotificationPermission; requestPermission: () => Promise<NotificationPermission> };

function install(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const calls: unknown[][] = [];
  const Fake = function (this: unknown, ...args: unknown[]) {
    calls.push(args);
  } as unknown as Fake;
  Fake.permission = permission;
  Fake.requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("Notification", Fake);
  return { calls, Fake };
}

afterEach(() => vi.unstubAllGlobals());

describe("notifications", () => {
  it("reports unsupported without the API", () => {
    vi.stubGlobal("Notification", undefined);
    Reflect.deleteProperty(window, "Notification");
    expect(notificationPermission()).toBe("unsupported");
    expect(showNotification("t", "b")).toBe(false);
  });

  it("asks only while undecided", async () => {
    const { Fake } = install("default", "granted");
    expect(await requestNotificationPermission()).toBe("granted");
    expect(Fake.requestPermission).toHaveBeenCalledTimes(1);
    const denied = install("denied");
    expect(await requestNotificationPermission()).toBe("denied");
    expect(denied.Fake.requestPermission).not.toHaveBeenCalled();
  });

  it("shows a notification only when granted", () => {
    const granted = install("granted");
    expect(showNotification("Title", "Body")).toBe(true);
    expect(granted.calls[0]?.[0]).toBe("Title");
    expect(granted.calls[0]?.[1]).toMatchObject({ body: "Body" });
    const blocked = install("denied");
    expect(showNotification("Title", "Body")).toBe(false);
    expect(blocked.calls).toHaveLength(0);
  });
});
