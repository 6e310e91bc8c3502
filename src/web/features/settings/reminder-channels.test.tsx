// @vitest-environment jsdom
// Settings' e-mail channel while the address is not verified (docs/decisions/0053-mail-only-to-verified-addresses.md):
// the text, and the resend button with each of its outcomes. The server is the outside service: fetch answers as
// Better Auth's /api/auth/send-verification-email would.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReminderSettings } from "../../../core/contract-schema";
import { messages } from "../../../core/messages";
import { ReminderChannels } from "./reminder-channels";

const copy = messages.reminderSettings;
let status = 200;
const fetchMock = vi.fn(
  async (_url: unknown, _init?: RequestInit) =>
    new Response(JSON.stringify(status === 200 ? { status: true } : { message: "Too many requests" }), {
      status,
      headers: { "content-type": "application/json" },
    }),
);

beforeEach(() => {
  status = 200;
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = (email: ReminderSettings["email"]): ReminderSettings => ({
  timeZone: "UTC",
  email,
  push: { publicKey: "k", devices: 0 },
  reminders: [],
});
const props = {
  address: "ada@example.com",
  permission: "default" as const,
  subscribed: false,
  busy: false,
  pushError: null,
  emailError: null,
  onEnablePush: () => {},
  onEmail: () => {},
};

describe("ReminderChannels' e-mail digest", () => {
  it("asks to verify an unverified address, with the switch off and disabled, and resends the link", async () => {
    render(
      <ReminderChannels
        {...props}
        settings={settings({ enabled: false, available: true, verified: false })}
      />,
    );
    expect(screen.getByText(copy.emailVerify)).toBeTruthy();
    const toggle = screen.getByRole("switch", { name: copy.emailLabel });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: copy.resendVerification }));
    expect(await screen.findByText(copy.verificationSent("ada@example.com"))).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/auth\/send-verification-email$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com", callbackURL: "/settings" });
  });

  it("says when resends are limited (429)", async () => {
    status = 429;
    render(
      <ReminderChannels
        {...props}
        settings={settings({ enabled: false, available: true, verified: false })}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: copy.resendVerification }));
    expect((await screen.findByRole("alert")).textContent).toBe(copy.verificationLimited);
  });

  it("names the verified address and offers no resend; without SMTP, neither", () => {
    const { rerender } = render(
      <ReminderChannels {...props} settings={settings({ enabled: true, available: true, verified: true })} />,
    );
    expect(screen.getByText(copy.emailVerified("ada@example.com"))).toBeTruthy();
    expect(screen.queryByRole("button", { name: copy.resendVerification })).toBeNull();
    rerender(
      <ReminderChannels
        {...props}
        settings={settings({ enabled: false, available: false, verified: false })}
      />,
    );
    expect(screen.getByText(copy.emailUnavailable)).toBeTruthy();
    expect(screen.queryByText(copy.emailVerify)).toBeNull();
  });
});
