import { getCurrentAuthEndpointContext, runWithEndpointContext } from "@better-auth/core/context";
import { describe, expect, it } from "vitest";
import { authStorages, withAuthStorages } from "./auth-async-storage";

type Ctx = Parameters<typeof runWithEndpointContext>[0];
const context = (name: string) => ({ name }) as unknown as Ctx;
const later = () => new Promise((resolve) => setTimeout(resolve, 5));
/** Node 20's hook-based storage says whether it is on; Node 24's (AsyncContextFrame) has no hooks to turn off. */
const on = () => authStorages().map((s) => (s as unknown as { enabled?: boolean }).enabled);
const hookBased = () => on().every((enabled) => typeof enabled === "boolean");

describe("Better Auth's async storages", () => {
  it("keep a request's context across awaits, and are off once no call is under way", async () => {
    const seen = await withAuthStorages(() =>
      runWithEndpointContext(context("a"), async () => {
        await later();
        return getCurrentAuthEndpointContext();
      }),
    );
    expect(seen).toEqual({ name: "a" });
    expect(authStorages().length).toBeGreaterThan(0);
    if (hookBased()) expect(on()).toEqual(authStorages().map(() => false));
  });

  it("stay on while another call is under way, whose context stays readable", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const long = withAuthStorages(() =>
      runWithEndpointContext(context("long"), async () => {
        await held;
        await later();
        return getCurrentAuthEndpointContext();
      }),
    );
    const short = await withAuthStorages(() =>
      runWithEndpointContext(context("short"), async () => {
        await later();
        return getCurrentAuthEndpointContext();
      }),
    );
    expect(short).toEqual({ name: "short" });
    if (hookBased()) expect(on()).toContain(true);
    release();
    expect(await long).toEqual({ name: "long" });
    if (hookBased()) expect(on()).toEqual(authStorages().map(() => false));
  });

  it("are turned on again by the next call", async () => {
    await withAuthStorages(async () => undefined);
    const seen = await withAuthStorages(() =>
      runWithEndpointContext(context("again"), async () => {
        await later();
        return getCurrentAuthEndpointContext();
      }),
    );
    expect(seen).toEqual({ name: "again" });
  });
});
