// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "../../../core/constants";
import { AboutCard, ComingSoonCard, FeedbackCard } from "./about-card";
import { NotificationsCard } from "./notifications-card";
import { settingsCopy } from "./settings-copy";
import { syncState } from "./sync-state";
import { SyncStatusCard } from "./sync-status-card";

afterEach(cleanup);

describe("syncState", () => {
  const idle = { pendingWrites: 0 };
  it("is truthful about where the habits are", () => {
    expect(syncState({ status: "loading", source: null, ...idle })).toBe("pending");
    expect(syncState({ status: "ready", source: null, ...idle })).toBe("pending");
    expect(syncState({ status: "ready", source: "server", ...idle })).toBe("synced");
    expect(syncState({ status: "ready", source: "local", ...idle })).toBe("local");
    expect(syncState({ status: "error", source: null, ...idle })).toBe("error");
  });
  it("counts the changes waiting in the outbox and says since when the server is out of reach", () => {
    expect(syncState({ status: "ready", source: "server", pendingWrites: 3 })).toBe("waiting");
    const offlineSince = "2026-11-21T10:00:00.000Z";
    expect(syncState({ status: "ready", source: "local", pendingWrites: 2, offlineSince })).toBe("offline");
    const lines = settingsCopy.sync.details("offline", {
      pending: 2,
      offlineSince,
      lastSyncedAt: offlineSince,
    });
    expect(lines[0]).toMatch(/^Offline since .+\.$/);
    expect(lines[1]).toBe("2 changes waiting to be sent.");
    expect(lines[2]).toMatch(/^Last synced at .+\.$/);
    expect(settingsCopy.sync.details("waiting", { pending: 1 })).toEqual(["1 change waiting to be sent."]);
  });
});

describe("SyncStatusCard", () => {
  it("names the account when in sync and offers a retry only on local data", () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SyncStatusCard state="synced" email="a@b.c" onRetry={onRetry} />);
    expect(screen.getByRole("status").textContent).toContain(settingsCopy.sync.states.synced.label);
    expect(screen.getByRole("status").textContent).toContain("a@b.c");
    expect(screen.queryByRole("button")).toBeNull();
    rerender(<SyncStatusCard state="local" email="a@b.c" onRetry={onRetry} />);
    expect(screen.getByRole("status").textContent).toContain(settingsCopy.sync.states.local.label);
    fireEvent.click(screen.getByRole("button", { name: settingsCopy.sync.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("NotificationsCard", () => {
  const props = { busy: false, error: null, onTest: () => {} };

  it("shows the permission and switches", () => {
    const onToggle = vi.fn();
    render(<NotificationsCard {...props} permission="default" enabled={false} onToggle={onToggle} />);
    const toggle = screen.getByRole("switch", { name: settingsCopy.notifications.toggle });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByTestId("notification-permission").textContent).toBe(
      settingsCopy.notifications.permission.default,
    );
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it("explains a blocked permission and an unsupported browser", () => {
    const { rerender } = render(
      <NotificationsCard {...props} permission="denied" enabled={false} onToggle={() => {}} />,
    );
    expect(screen.getByText(settingsCopy.notifications.blockedHelp)).toBeTruthy();
    rerender(<NotificationsCard {...props} permission="unsupported" enabled={false} onToggle={() => {}} />);
    expect(screen.getByRole("switch")).toHaveProperty("disabled", true);
  });

  it("offers a test notification when on and reports a save failure", () => {
    const onTest = vi.fn();
    render(
      <NotificationsCard
        {...props}
        error="Nope"
        onTest={onTest}
        permission="granted"
        enabled
        onToggle={() => {}}
      />,
    );
    expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: settingsCopy.notifications.sendTest }));
    expect(onTest).toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe("Nope");
  });
});

describe("About, coming soon and feedback", () => {
  it("shows the version, the list and the configured mail link", () => {
    render(
      <>
        <AboutCard />
        <ComingSoonCard />
        <FeedbackCard feedbackEmail="ideas@habits.test" failed={false} />
      </>,
    );
    expect(screen.getByTestId("app-version").textContent).toBe(APP_VERSION);
    expect(screen.getAllByRole("listitem")).toHaveLength(settingsCopy.comingSoon.items.length);
    const link = screen.getByRole("link", { name: settingsCopy.feedback.link });
    expect(link.getAttribute("href")).toBe("mailto:ideas@habits.test?subject=Habit%20Streaks%20feedback");
  });

  it("says when the feedback address is loading or unavailable", () => {
    const { rerender } = render(<FeedbackCard feedbackEmail={undefined} failed={false} />);
    expect(screen.getByText(settingsCopy.feedback.loading)).toBeTruthy();
    rerender(<FeedbackCard feedbackEmail={undefined} failed />);
    expect(screen.getByText(settingsCopy.feedback.unavailable)).toBeTruthy();
  });
});
