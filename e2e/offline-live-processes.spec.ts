// Two devices signed in as one user, each served by its own server process on one PostgreSQL. A change on one
// reaches the other within 2 s without a reload: the processes pass it on through LISTEN/NOTIFY
// (src/server/sync/change-hub.ts), and each tells its own devices over their event stream.
import type { Page } from "@playwright/test";
import { deleteOf, newHabitInput, row, toggleOf } from "./support/habits";
import { expect, postgresAvailable, seedOn, test, useTwoProcesses } from "./support/two-processes";

test.skip(!postgresAvailable(), "needs PostgreSQL: TEST_POSTGRES=off and no TEST_DATABASE_URL");
// One PostgreSQL and two server processes for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });
const processes = useTwoProcesses();

/** Marks the page's document, so that a later check can tell that it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => void Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

test("a change on a device served by one process reaches a device served by the other within 2 s, both ways", async ({
  deviceOn,
}) => {
  const user = await processes.a.signUp();
  await seedOn(processes.a, user, ["Read"]);
  const phone = await deviceOn(processes.a, user);
  const laptop = await deviceOn(processes.b, user);
  for (const page of [phone, laptop]) {
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
    await markDocument(page);
  }

  await toggleOf(phone, "Read").click();
  await expect(toggleOf(laptop, "Read")).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
  await toggleOf(laptop, "Read").click();
  await expect(toggleOf(phone, "Read")).toHaveAttribute("aria-pressed", "false", { timeout: 2_000 });

  await newHabitInput(laptop).fill("Walk");
  await newHabitInput(laptop).press("Enter");
  await expect(row(phone, "Walk")).toBeVisible({ timeout: 2_000 });
  // A delete waits 5 s on its device for Undo before it is sent: the 2 s count from the end of the wait.
  await deleteOf(phone, "Read").click();
  await expect(phone.getByTestId("undo-toast")).toBeVisible();
  await expect(phone.getByTestId("undo-toast")).toHaveCount(0, { timeout: 8_000 });
  await expect(row(laptop, "Read")).toHaveCount(0, { timeout: 2_000 });

  expect(await sameDocument(phone)).toBe(true);
  expect(await sameDocument(laptop)).toBe(true);
});

declare global {
  interface Window {
    /** Exposed by watchToggle: the page tells the test that the toggle shows the awaited state. */
    toggleShown?: () => Promise<void>;
  }
}

const shownWaiters = new WeakMap<Page, (() => void)[]>();

/** Starts watching `page` (before the change is made): `shown` resolves, with the test's Date.now(), as soon as
 * a MutationObserver in the page sees `name`'s toggle with aria-pressed = `pressed`. */
async function watchToggle(page: Page, name: string, pressed: string) {
  let waiters = shownWaiters.get(page);
  if (!waiters) {
    const list: (() => void)[] = [];
    await page.exposeFunction("toggleShown", () => list.splice(0).forEach((wake) => wake()));
    shownWaiters.set(page, (waiters = list));
  }
  const shown = new Promise<number>((resolve) => waiters.push(() => resolve(Date.now())));
  await page.evaluate(
    ([label, want]) => {
      const showing = () =>
        document.querySelector(`button[aria-label="${label}"]`)?.getAttribute("aria-pressed") === want;
      const observer = new MutationObserver(() => {
        if (!showing()) return;
        observer.disconnect();
        void window.toggleShown?.();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    [`Complete ${name}`, pressed] as const,
  );
  return { shown };
}

/**
 * Ticks or unticks `name` on `from` and waits for `to` to show it within 2 s of the click (the issue's bound).
 * Returns the time from just before the click until `to`'s page changed.
 */
async function timedToggle(from: Page, to: Page, name: string): Promise<number> {
  const want = (await toggleOf(from, name).getAttribute("aria-pressed")) === "true" ? "false" : "true";
  await expect(toggleOf(to, name)).not.toHaveAttribute("aria-pressed", want);
  const { shown } = await watchToggle(to, name, want);
  const started = Date.now();
  await toggleOf(from, name).click();
  const [, seenAt] = await Promise.all([
    expect(toggleOf(to, name)).toHaveAttribute("aria-pressed", want, { timeout: 2_000 }),
    shown,
  ]);
  return seenAt - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

test("cross-process latency over 10 changes, alternating devices", async ({ deviceOn }, testInfo) => {
  const user = await processes.b.signUp();
  await seedOn(processes.b, user, ["Read"]);
  const phone = await deviceOn(processes.a, user);
  const laptop = await deviceOn(processes.b, user);
  await expect(toggleOf(laptop, "Read")).toHaveAttribute("aria-pressed", "false");

  const aToB: number[] = [];
  const bToA: number[] = [];
  for (let i = 0; i < 5; i++) {
    aToB.push(await timedToggle(phone, laptop, "Read"));
    bToA.push(await timedToggle(laptop, phone, "Read"));
  }
  const all = [...aToB, ...bToA];
  const description =
    `median ${median(all)} ms over ${all.length} changes (min ${Math.min(...all)}, max ${Math.max(...all)}); ` +
    `process A to B ${aToB.join(", ")} ms; B to A ${bToA.join(", ")} ms`;
  testInfo.annotations.push({ type: "cross-process latency", description });
  console.log(`cross-process latency, click to the other device's DOM: ${description}`);
});
