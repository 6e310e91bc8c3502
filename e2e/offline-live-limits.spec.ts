// A device past the account's open event streams (docs/decisions/0056-bounded-event-streams.md): the server
// answers its stream 429, and the device still shows changes made elsewhere, by polling.
import { api, test, expect, type TestServer, type TestUser } from "./support/fixtures";
import { openToday, seedHabits, serverHabits, todayIn, toggleOf } from "./support/habits";
import { POLL_MS } from "../src/web/lib/sync/sync-loop";
import { STREAMS_PER_USER } from "../src/server/sync/stream-registry";

/** An open event stream of the user, held by the test until `close`. */
async function holdStream(server: TestServer, user: TestUser) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/api/sync/events`, {
    headers: { cookie: user.cookie },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  return () => abort.abort();
}

test("a device refused a live stream still shows another device's tick within a poll", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  // Chromium reports the refused stream (a JSON 429, not text/event-stream) on the console.
  allowConsoleErrors(/event-stream|429|Too Many Requests/i);
  await seedHabits(server, user, [{ name: "Read" }]);
  const held = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => holdStream(server, user)));
  try {
    const refused = page.waitForResponse((res) => res.url().endsWith("/api/sync/events"));
    await openToday(page);
    expect((await refused).status()).toBe(429);
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");

    const [habit] = await serverHabits(server, user);
    const today = todayIn();
    const marked = await api(server, user, `/api/habits/${habit!.id}/completions/${today}`, {
      method: "PUT",
      headers: { "x-local-date": today },
    });
    expect(marked.status).toBe(200);
    // The page's clock moves a second at a time, so that a poll timer set while an earlier pull was still
    // answering (a busy machine) fires too; two polls at most.
    const toggle = toggleOf(page, "Read");
    for (let spent = 0; (await toggle.getAttribute("aria-pressed")) !== "true"; spent += 1_000) {
      if (spent > 2 * POLL_MS + 5_000) break;
      await page.clock.runFor(1_000);
    }
    await expect(toggle).toHaveAttribute("aria-pressed", "true", { timeout: 10_000 });
  } finally {
    held.forEach((close) => close());
  }
});
