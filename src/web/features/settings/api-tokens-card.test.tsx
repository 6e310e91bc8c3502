// @vitest-environment jsdom
// Settings' API tokens card against the server's refusals (docs/decisions/0055): each has its own text, and the
// password is asked for, focused, and sent with the same request again.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiTokensCard } from "./api-tokens-card";
import { apiTokensCopy as copy } from "./api-tokens-copy";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refusal = (status: number, code: string) => json(status, { error: { code, message: code } });
const apiToken = {
  id: "t1",
  name: "Kitchen",
  scope: "read-only",
  createdAt: "2026-11-21T12:00:00.000Z",
  lastUsedAt: null,
  expiresAt: null,
};

describe("ApiTokensCard", () => {
  it("maps each refusal to its text, asks for the current password and sends it", async () => {
    const answers = [
      refusal(409, "TOKEN_LIMIT"),
      refusal(429, "RATE_LIMITED"),
      refusal(403, "RECENT_SIGN_IN_REQUIRED"),
      refusal(403, "INVALID_PASSWORD"),
      json(201, { token: `hs_${"a".repeat(43)}`, apiToken }),
    ];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== "POST") return json(200, { tokens: [] });
        bodies.push(JSON.parse(String(init.body)));
        return answers.shift()!;
      }),
    );
    render(<ApiTokensCard />);
    await screen.findByText(copy.none);
    fireEvent.change(screen.getByLabelText(copy.name), { target: { value: "Kitchen" } });
    const create = screen.getByRole("button", { name: copy.create });
    const alert = async (text: string) =>
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(text));

    fireEvent.click(create);
    await alert(copy.limit);
    expect(screen.queryByLabelText(copy.password)).toBeNull();
    fireEvent.click(create);
    await alert(copy.tooManyGuesses);
    fireEvent.click(create);
    await alert(copy.passwordNeeded);
    const password = screen.getByLabelText(copy.password);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");

    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(create);
    await alert(copy.wrongPassword);
    expect((screen.getByLabelText(copy.password) as HTMLInputElement).value).toBe("");
    fireEvent.change(screen.getByLabelText(copy.password), { target: { value: "right one" } });
    fireEvent.click(create);
    await screen.findByText(copy.created("Kitchen"));
    expect(screen.queryByLabelText(copy.password)).toBeNull();
    expect(bodies.map((b) => (b as { currentPassword?: string }).currentPassword)).toEqual([
      undefined,
      undefined,
      undefined,
      "wrong",
      "right one",
    ]);
  });
});
