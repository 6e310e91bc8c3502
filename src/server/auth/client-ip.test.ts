import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientIp } from "./client-ip";

function echo(trustProxy: boolean) {
  return new Hono()
    .use("*", clientIp(trustProxy))
    .get("/", (c) => c.text(c.req.header(CLIENT_IP_HEADER) ?? "none"));
}

describe("client address", () => {
  it("never keeps an address the client sent itself", async () => {
    const res = await echo(false).request("/", {
      headers: { [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "203.0.113.7" },
    });
    expect(await res.text()).toBe("none"); // no socket in app.request: one shared bucket rather than the client's pick
  });

  it("takes the address the trusted proxy appended last", async () => {
    const res = await echo(true).request("/", { headers: { "x-forwarded-for": "10.0.0.1, 203.0.113.7" } });
    expect(await res.text()).toBe("203.0.113.7");
  });
});
