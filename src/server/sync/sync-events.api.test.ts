import { describe, expect, it } from "vitest";
import { startServer } from "../server";
import { testDialects } from "../../../test/support/databases";
import { freePort } from "../../../test/support/free-port";
import { useTestServer, type TestUser } from "../../../test/support/api-server";

/** An open GET /api/sync/events: the `change` events' cursors as they arrive. */
async function listen(baseUrl: string, user: TestUser, origin: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/sync/events`, {
    headers: { cookie: user.cookie, origin },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const cursors: string[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      const reader = res.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: change$/m.test(block) && data)
            cursors.push((JSON.parse(data) as { cursor: string }).cursor);
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  /** Resolves when `count` change events have come, or fails after `ms`. */
  const received = (count: number, ms = 2000) =>
    new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${cursors.length} of ${count} events in ${ms} ms`)),
        ms,
      );
      const check = () =>
        cursors.length >= count ? (clearTimeout(timer), resolve(cursors)) : waiters.push(check);
      check();
    });
  return { cursors, received, close: () => abort.abort() };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())("sync events on $dialect", (dialect) => {
  const t = useTestServer(dialect);

  it("signals a write to the user's other connections within 2 s, not to another user, and leaks no listener", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const phone = await listen(t.url, alice, t.url);
    const tablet = await listen(t.url, alice, t.url);
    const other = await listen(t.url, bob, t.url);
    await Promise.all([phone.received(1), tablet.received(1), other.received(1)]); // the cursor at connect
    expect(t.running.changes.size()).toBe(3);

    const started = Date.now();
    const { body } = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "Read" } });
    const [cursors] = await Promise.all([phone.received(2), tablet.received(2)]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(Number(cursors[1])).toBeGreaterThan(Number(cursors[0]));

    await t.call(alice, "POST", "/api/sync/push", {
      json: {
        ops: [{ opId: crypto.randomUUID(), type: "renameHabit", habitId: body.id, name: "Read more" }],
      },
    });
    await phone.received(3);
    await settle(200);
    expect(other.cursors).toHaveLength(1);

    for (const stream of [phone, tablet, other]) stream.close();
    for (let i = 0; i < 50 && t.running.changes.size() > 0; i++) await settle(40);
    expect(t.running.changes.size()).toBe(0);
  });

  it.runIf(dialect.dialect === "postgres")(
    "signals a write made through a second server process",
    async () => {
      const alice = await t.signUp();
      const port = await freePort();
      // A second process on the same database: same secret, so the session cookie holds there too.
      const second = await startServer({ ...t.config, port });
      try {
        const stream = await listen(t.url, alice, t.url);
        await stream.received(1);
        const started = Date.now();
        const res = await fetch(`http://localhost:${port}/api/habits`, {
          method: "POST",
          headers: { cookie: alice.cookie, origin: t.url, "content-type": "application/json" },
          body: JSON.stringify({ name: "Elsewhere" }),
        });
        expect(res.status).toBe(201);
        await stream.received(2);
        expect(Date.now() - started).toBeLessThan(2000);
        stream.close();
      } finally {
        await second.stop();
      }
    },
  );
});
