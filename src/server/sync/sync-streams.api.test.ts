// The bounds of GET /api/sync/events (docs/decisions/0056-bounded-event-streams.md): at most 10 streams per user
// and SYNC_STREAMS_MAX per process, each ended with its session or token.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import type { CreatedApiToken } from "../../core/contract-schema";
import { disableUser } from "../auth/user-admin";
import { testDialects } from "../../../test/support/databases";
import { useTestServer, type TestServer } from "../../../test/support/api-server";
import { STREAMS_PER_USER, STREAM_RECHECK_MS } from "./stream-registry";
import { HTTP_TIMEOUTS } from "../server";

type Stream = { status: number; headers: Headers; body: unknown; ended: Promise<void>; close: () => void };

/** Opens GET /api/sync/events with these headers; `ended` resolves when the server ends an open stream. */
async function openStream(t: TestServer, headers: Record<string, string>): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${t.url}/api/sync/events`, { headers, signal: abort.signal });
  const close = () => abort.abort();
  if (res.status !== 200)
    return {
      status: res.status,
      headers: res.headers,
      body: await res.json(),
      ended: Promise.resolve(),
      close,
    };
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // aborted by close()
    }
  })();
  return { status: res.status, headers: res.headers, body: undefined, ended, close };
}

/** Resolves "ended" when the stream ends within `ms`, else "open". */
const within = (stream: Stream, ms: number) =>
  Promise.race([
    stream.ended.then(() => "ended" as const),
    new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms)),
  ]);

const DAY = 24 * 60 * 60_000;

const cookieOf = (user: { cookie: string }, t: TestServer) => ({ cookie: user.cookie, origin: t.url });

describe.each(testDialects())("sync event streams' bounds on $dialect", (dialect) => {
  const t = useTestServer(dialect);

  it("refuses a user's stream past the tenth with 429 STREAM_LIMIT and Retry-After; other users still connect", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const open: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) open.push(await openStream(t, cookieOf(alice, t)));
    expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_USER).fill(200));

    const refused = await openStream(t, cookieOf(alice, t));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { code: "STREAM_LIMIT" } });

    const other = await openStream(t, cookieOf(bob, t));
    expect(other.status).toBe(200);

    // A closed stream gives its place back.
    open.pop()!.close();
    let again: Stream | undefined;
    for (let i = 0; i < 100 && again?.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(t, cookieOf(alice, t));
    }
    expect(again?.status).toBe(200);
    for (const stream of [...open, other, again!]) stream.close();
  });

  it("ends a session's streams at its sign-out, and keeps the user's other sessions' streams", async () => {
    const alice = await t.signUp();
    const stream = await openStream(t, cookieOf(alice, t));
    expect(stream.status).toBe(200);
    const signedInAgain = await fetch(`${t.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: t.url },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
    });
    const otherCookie = signedInAgain.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const otherStream = await openStream(t, { cookie: otherCookie, origin: t.url });
    expect(otherStream.status).toBe(200);

    const out = await t.call(alice, "POST", "/api/auth/sign-out", { json: {} });
    expect(out.status).toBeLessThan(400);
    expect(await within(stream, 10_000)).toBe("ended");
    expect(await within(otherStream, 300)).toBe("open");
    otherStream.close();
  });

  it("ends a revoked token's stream at once, and keeps the user's other token's stream", async () => {
    const alice = await t.signUp();
    const make = async (name: string) => {
      const created = await t.call<CreatedApiToken>(alice, "POST", "/api/tokens", {
        json: { name, scope: "read-only" },
      });
      expect(created.status).toBe(201);
      return created.body;
    };
    const [revokedToken, keptToken] = [await make("script"), await make("phone")];
    const stream = await openStream(t, { authorization: `Bearer ${revokedToken.token}` });
    const kept = await openStream(t, { authorization: `Bearer ${keptToken.token}` });
    expect([stream.status, kept.status]).toEqual([200, 200]);
    const revoked = await t.call(alice, "DELETE", `/api/tokens/${revokedToken.apiToken.id}`);
    expect(revoked.status).toBe(200);
    expect(await within(stream, 10_000)).toBe("ended");
    expect(await within(kept, 300)).toBe("open");
    kept.close();
  });

  it("ends a token's stream at the next re-check once a password change revoked the token", async () => {
    const alice = await t.signUp();
    const created = await t.call<CreatedApiToken>(alice, "POST", "/api/tokens", {
      json: { name: "script", scope: "read-only" },
    });
    const stream = await openStream(t, { authorization: `Bearer ${created.body.token}` });
    expect(stream.status).toBe(200);
    const changed = await t.call(alice, "POST", "/api/auth/change-password", {
      json: { currentPassword: alice.password, newPassword: `${alice.password}-new` },
    });
    expect(changed.status).toBe(200);
    expect(await within(stream, 1500)).toBe("open"); // not re-checked yet

    t.clock.advance(STREAM_RECHECK_MS);
    expect(await within(stream, 10_000)).toBe("ended");
  });

  it("ends a disabled account's streams at the next re-check", async () => {
    const alice = await t.signUp();
    const stream = await openStream(t, cookieOf(alice, t));
    expect(stream.status).toBe(200);
    await disableUser(t.running.auth, alice.email);
    expect(await within(stream, 1500)).toBe("open");

    t.clock.advance(STREAM_RECHECK_MS);
    expect(await within(stream, 10_000)).toBe("ended");
  });
});

describe.each(testDialects())("an expiring session's stream on $dialect", (dialect) => {
  const t = useTestServer(dialect);

  it("ends at the first re-check after the session expires, and not before", async () => {
    const alice = await t.signUp();
    const stream = await openStream(t, cookieOf(alice, t));
    expect(stream.status).toBe(200);
    const session = await t.running.database.db
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", alice.id)
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(session.expiresAt).getTime();
    t.clock.advance(expiresAt - DAY - t.clock.now().getTime()); // re-checked, a day before its expiry
    expect(await within(stream, 3000)).toBe("open");
    t.clock.advance(DAY);
    expect(await within(stream, 10_000)).toBe("ended");
  });
});

describe.each(testDialects())("the server-wide stream limit on $dialect", (dialect) => {
  const t = useTestServer(dialect, undefined, { env: { SYNC_STREAMS_MAX: "3" } });

  it("refuses any user's stream past SYNC_STREAMS_MAX with 429", async () => {
    const [alice, bob, carol] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const open = [
      await openStream(t, cookieOf(alice, t)),
      await openStream(t, cookieOf(alice, t)),
      await openStream(t, cookieOf(bob, t)),
    ];
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openStream(t, cookieOf(carol, t));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(refused.body).toMatchObject({ error: { code: "STREAM_LIMIT" } });
    for (const stream of open) stream.close();
  });
});

describe("idle sockets", () => {
  const t = useTestServer(testDialects()[0]!);

  it("cuts a socket that sends no request, and one that sends its headers too slowly", async () => {
    const { headersTimeout, connectionsCheckingInterval } = HTTP_TIMEOUTS;
    const bound = headersTimeout + connectionsCheckingInterval + 10_000;
    const port = t.running.port;
    const closedWithin = (send: (socket: ReturnType<typeof connect>) => void) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => send(socket));
        const timer = setTimeout(() => (socket.destroy(), resolve(false)), bound);
        socket.on("error", () => undefined);
        socket.resume(); // reads the server's 408 and its end: a paused socket would never see it close
        socket.on("close", () => (clearTimeout(timer), resolve(true)));
      });
    const [silent, slow] = await Promise.all([
      closedWithin(() => undefined),
      closedWithin((socket) => {
        socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
        const drip = setInterval(() => socket.writable && socket.write("X-Drip: 1\r\n"), 1000);
        socket.on("close", () => clearInterval(drip));
      }),
    ]);
    expect({ silent, slow }).toEqual({ silent: true, slow: true });
  }, 60_000);
});
