// The pseudo-locales' walk (docs/decisions/0072): in `?lang=en-XA` (every letter accented, 40 % longer) and
// `?lang=ar-XB` (right to left), on a phone's 375 px, every screen shows no English left and does not overflow
// sideways. English left is a word of two or more ASCII letters that the pseudo-locale did not turn: en-XA
// accents every letter it has an accent for, ar-XB wraps each text of the catalogue in a right-to-left override
// (U+202E … U+202C). What the test typed (names, e-mails) and the product's name are not the app's texts.
import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { test, expect, api, signIn, type TestServer, type TestUser } from "./support/fixtures";
import { seedKinds } from "./support/kinds";
import { gotoApp } from "./support/page-clock";
import { messages } from "../src/core/messages";
import { PRODUCT_NAME } from "../src/core/messages/first-screen";
// Each language is named in itself in the Language select, so that its reader finds it.
import { LOCALE_NAMES } from "../src/core/i18n/locale-names";
import onDemand from "../src/locales/en/on-demand.json" with { type: "json" };
import { pseudoMessage } from "../scripts/compile-messages";
import { todayIn } from "./support/habits";

const PSEUDO = ["en-XA", "ar-XB"] as const;
type Pseudo = (typeof PSEUDO)[number];

/**
 * Words that stay as they are in every language, with why. Intl's English names (weekdays, months) are allowed:
 * Intl knows no pseudo-locale and formats them as English; the real locales get their own names from Intl.
 */
const ALLOWED_WORDS: Record<string, string> = {
  CSV: "a file format's name",
  API: "the API's name, as in “API token”, kept in every glossary",
  JSON: "a file format's name",
  MB: "a unit's symbol",
  Loop: "Loop Habit Tracker, another product's name",
  Alt: "a key's name, as the keyboard shows it (Today's shortcut tip)",
};
const INTL_ENGLISH = new Set(
  [
    ...[0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
      (["long", "short", "narrow"] as const).map((weekday) =>
        new Date(Date.UTC(2024, 0, 7 + day)).toLocaleDateString("en", { weekday, timeZone: "UTC" }),
      ),
    ),
    ...[...Array(12).keys()].flatMap((month) =>
      (["long", "short"] as const).map((form) =>
        new Date(Date.UTC(2024, month, 15)).toLocaleDateString("en", { month: form, timeZone: "UTC" }),
      ),
    ),
    "AM",
    "PM",
  ].flatMap((name) => name.match(/[A-Za-z]+/g) ?? []),
);
/** The letters en-XA has an accent for (scripts/compile-messages.ts). */
const ACCENTED = /[abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ]/;

/** The units of test/fixtures/loop/loop-v25.db's measured habits: the file's own words. */
const LOOP_UNITS = ["km", "glasses", "pages", "minutes", "cups", "cookies"];

/** The user's own data: what the test typed, never translated. */
const HABITS = {
  yesNo: "Zumba",
  measurable: "Water",
  grouped: "Yoga",
  group: "Morning",
  unit: "glasses",
  token: "Zapier",
};

/** The English words left in one text, in the pseudo-locale. */
function englishIn(text: string, locale: Pseudo, own: readonly string[]): string[] {
  let rest = text;
  for (const data of [PRODUCT_NAME, ...Object.values(LOCALE_NAMES), ...own])
    rest = rest.split(data).join(" ");
  rest = rest.replace(/\S+@\S+/g, " "); // an e-mail address: the user's, or the server's feedback address
  // ar-XB: what a catalogue text wrote is inside the override.
  if (locale === "ar-XB") rest = rest.replace(/\u202e[^\u202c]*\u202c/g, " ");
  return (rest.match(/\p{L}+/gu) ?? []).filter(
    (word) =>
      /^[A-Za-z]{2,}$/.test(word) &&
      !(word in ALLOWED_WORDS) &&
      !INTL_ENGLISH.has(word) &&
      (locale === "ar-XB" || ACCENTED.test(word)),
  );
}

type Finding = { screen: string; english: string[]; overflow: string | null };

/** The page's texts people see or hear, and its overflow at the viewport's width. */
async function readPage(page: Page) {
  return page.evaluate(() => {
    const texts: string[] = [];
    const seen = (el: Element | null) =>
      !!el &&
      (el.closest("select") !== null || (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
      if (node.textContent?.trim() && seen(parent)) texts.push(node.textContent);
    }
    for (const el of document.body.querySelectorAll("*")) {
      if (!seen(el)) continue;
      for (const name of [
        "aria-label",
        "placeholder",
        "title",
        "alt",
        "aria-valuetext",
        "aria-roledescription",
      ]) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
      if (el instanceof HTMLInputElement && ["submit", "button"].includes(el.type)) texts.push(el.value);
    }
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    // The innermost elements that reach past the viewport's edges: the culprits of an overflow.
    const out = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    };
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((el) => out(el) && ![...el.children].some(out))
      .concat(
        // Text wider than its box (a long word that cannot wrap) spills out without an element of its own.
        [...document.body.querySelectorAll<HTMLElement>("*")].filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 &&
            getComputedStyle(el).overflowX === "visible" &&
            ![...el.children].some(
              (child) => (child as HTMLElement).scrollWidth > (child as HTMLElement).clientWidth + 1,
            ),
        ),
      )
      .slice(0, 4)
      .map((el) => {
        const card = el.closest("[data-testid]")?.getAttribute("data-testid");
        const box = el.getBoundingClientRect();
        return `${card ? `[${card}] ` : ""}${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (${Math.round(box.left)}–${Math.round(box.right)}) “${(el.textContent ?? "").slice(0, 40)}”`;
      });
    return { texts, scrollWidth: root.scrollWidth, clientWidth: width, wide };
  });
}

async function check(
  page: Page,
  locale: Pseudo,
  screen: string,
  own: readonly string[],
  findings: Finding[],
) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  // The splash has gone, and with it the hidden text that loads the font weights (index.html).
  await expect(page.getByTestId("splash")).toHaveCount(0);
  const read = await readPage(page);
  const byWord = new Map<string, string>();
  for (const text of read.texts)
    for (const word of englishIn(text, locale, own))
      if (!byWord.has(word)) byWord.set(word, `${word} (in “${text.trim().slice(0, 80)}”)`);
  const english = [...byWord.values()];
  const overflow =
    read.scrollWidth > read.clientWidth
      ? `${read.scrollWidth} > ${read.clientWidth}: ${read.wide.join(" | ")}`
      : null;
  findings.push({ screen, english, overflow });
  expect.soft(english, `${locale} · ${screen}: English left`).toEqual([]);
  expect.soft(overflow, `${locale} · ${screen}: horizontal overflow`).toBeNull();
}

/** One state of a screen reached by acting on the page: one that cannot be reached is a finding too. */
async function step(findings: Finding[], screen: string, act: () => Promise<void>) {
  try {
    await act();
  } catch (error) {
    const reason = `not reached: ${String(error).split("\n")[0]}`;
    findings.push({ screen, english: [reason], overflow: null });
    expect.soft(reason, screen).toBeNull();
  }
}

function report(locale: Pseudo, findings: Finding[]) {
  for (const f of findings)
    console.log(
      `${locale} · ${f.screen}: ${f.english.length === 0 && !f.overflow ? "pass" : "FAIL"}` +
        (f.english.length ? `\n    English: ${f.english.join("; ")}` : "") +
        (f.overflow ? `\n    overflow: ${f.overflow}` : ""),
    );
}

test.use({ viewport: { width: 375, height: 812 } });

for (const locale of PSEUDO) {
  const P = (english: string) => pseudoMessage(english, locale);
  const name = (english: string) => ({ name: P(english), exact: true });
  /** A message with one `{name}` argument, in the pseudo-locale, for that name (isolated right to left: 0075). */
  const named = (english: string, value: string) => ({
    name: P(english).replace("{name}", locale === "ar-XB" ? `\u2068${value}\u2069` : value),
    exact: true,
  });

  test(`${locale}: the signed-out screens`, async ({ browser, server }) => {
    const context = await (browser as Browser).newContext({ baseURL: server.url, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.clock.install();
    const findings: Finding[] = [];
    // The OpenID Connect button's label is the server's configuration (OIDC_LABEL), the self-hoster's words.
    const own = ["Sign in with Test SSO"];
    try {
      const a = messages.account;
      await gotoApp(page, `/login?lang=${locale}`);
      await expect(page.getByRole("heading", { level: 1, name: P(a.signInTitle) })).toBeVisible();
      await check(page, locale, "sign-in", own, findings);
      await page.getByRole("button", name(a.createOne)).click();
      await expect(page.getByRole("heading", { level: 1, name: P(a.signUpTitle) })).toBeVisible();
      await check(page, locale, "sign-up", own, findings);
      await page.getByRole("button", name(a.signInButton)).click();
      await page.getByRole("button", name(a.forgotPassword)).click();
      await expect(page.getByRole("heading", { level: 1, name: P(a.resetTitle) })).toBeVisible();
      await check(page, locale, "forgot password", own, findings);
      // A full load without ?lang=: the choice is kept for the visit.
      await gotoApp(page, "/reset-password?token=not-a-real-token");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1, name: P(a.newPasswordTitle) })).toBeVisible();
      await check(page, locale, "reset password", own, findings);
      await gotoApp(page, "/terms");
      await check(page, locale, "terms", own, findings);
      await gotoApp(page, "/privacy");
      await check(page, locale, "privacy", own, findings);
    } finally {
      report(locale, findings);
      await context.close();
    }
  });

  test(`${locale}: the signed-in screens`, async ({ page, server, user }) => {
    test.setTimeout(180_000);
    const own = [user.name, user.email, ...Object.values(HABITS)];
    const findings: Finding[] = [];
    await signIn(page, server, user);
    page.setDefaultTimeout(10_000); // a state not reached is reported, and the walk goes on
    try {
      const t = messages.today;
      await gotoApp(page, `/?lang=${locale}`);
      await expect(page.getByTestId("quick-add-list")).toBeVisible();
      await check(page, locale, "Today, empty", own, findings);
      await page.getByRole("button", name(t.moreOptions)).click();
      await check(page, locale, "add-habit form (yes/no)", own, findings);
      const k = messages.habitKinds;
      for (const kind of [k.measurable, k.quit]) {
        await page
          .getByRole("radio", name(kind))
          .or(page.getByRole("tab", name(kind)))
          .first()
          .click();
        await check(page, locale, `add-habit form (${kind})`, own, findings);
      }

      const ids = await seedHabits(server, user);
      // In-app navigation keeps the language: to Stats and back to Today by the tab bar.
      await page.getByRole("link", name(messages.shell.stats)).first().click();
      await page.getByRole("link", name(messages.shell.today)).first().click();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await gotoApp(page, "/");
      await expect(page.getByTestId("habit-row")).toHaveCount(3);
      await check(page, locale, "Today with habits (yes/no, measurable, group)", own, findings);
      await step(findings, "Today: the streak explanation", async () => {
        await page.getByTestId("streak-line").first().click();
        await expect(page.getByTestId("streak-dialog")).toBeVisible();
        await check(page, locale, "Today: the streak explanation", own, findings);
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("streak-dialog")).toHaveCount(0);
      });
      await step(findings, "Today: a name already taken", async () => {
        await page.getByPlaceholder(P(t.newHabitPlaceholder)).fill(HABITS.yesNo);
        await page.getByPlaceholder(P(t.newHabitPlaceholder)).press("Enter");
        await expect(page.getByTestId("duplicate-name-prompt")).toBeVisible();
        await check(page, locale, "Today: a name already taken", own, findings);
        await page.getByRole("button", name(onDemand.duplicateName.cancel)).click();
        await expect(page.getByTestId("duplicate-name-prompt")).toBeHidden();
      });

      const h = messages.history;
      await gotoApp(page, `/habits/${ids[HABITS.measurable]}`);
      await expect(page.getByTestId("habit-page")).toBeVisible();
      await check(page, locale, "habit page (measurable)", own, findings);
      await gotoApp(page, `/habits/${ids[HABITS.yesNo]}`);
      await expect(page.getByTestId("habit-page")).toBeVisible();
      await check(page, locale, "habit page (yes/no: calendar, strength, history)", own, findings);
      await step(findings, "habit page: a day's panel", async () => {
        const details = P(onDemand.habitKinds.dayDetails).split("{date}")[0]!;
        await page.getByRole("button").filter({ hasText: details }).first().click();
        await expect(page.getByTestId("day-panel")).toBeVisible();
        await check(page, locale, "habit page: a day's panel", own, findings);
        await page.keyboard.press("Escape");
      });
      await page.getByRole("button", name(h.rename)).click();
      await check(page, locale, "habit page: edit", own, findings);
      await page.getByRole("button", name(h.cancel)).click();
      await page.getByRole("button", name(h.archive)).click();
      await expect(page.getByRole("button", name(h.unarchive))).toBeVisible();
      await check(page, locale, "habit page: archived", own, findings);
      await page.getByRole("button", name(h.unarchive)).click();
      // Delete: the habit goes at once, with an Undo toast.
      await page.getByRole("button", name(h.delete)).click();
      await expect(page.getByRole("button", name(messages.history.undo))).toBeVisible();
      await check(page, locale, "habit deleted: the Undo toast", own, findings);
      await page.getByRole("button", name(messages.history.undo)).click();
      await gotoApp(page, `/habits/${randomUUID()}`);
      await expect(page.getByRole("heading", { name: P(h.notFoundTitle) })).toBeVisible();
      await check(page, locale, "not found (a habit that is not there)", own, findings);

      await gotoApp(page, "/stats");
      await expect(page.getByTestId("stats-habit").first()).toBeVisible();
      await check(page, locale, "Stats with Trends", own, findings);
      await step(findings, "Stats: Trends by month", async () => {
        await page.getByText(P(messages.trends.byMonth), { exact: true }).first().click();
        await check(page, locale, "Stats: Trends by month", own, findings);
      });

      await gotoApp(page, "/settings");
      await expect(page.getByTestId("settings-language")).toBeVisible();
      await check(page, locale, "Settings (every card)", own, findings);
      await step(findings, "Settings: a reminder time added", async () => {
        await page.getByRole("button", name(messages.reminderSettings.addTime)).click();
        await check(page, locale, "Settings: a reminder time added", own, findings);
      });
      await step(findings, "Settings: a new API token", async () => {
        const card = page.getByTestId("settings-api-tokens");
        await card.getByLabel(P(onDemand.apiTokens.name), { exact: true }).fill(HABITS.token);
        await card.getByRole("button", name(onDemand.apiTokens.create)).click();
        await expect(page.getByTestId("new-api-token")).toBeVisible();
        await check(page, locale, "Settings: a new API token", own, findings);
      });
      await step(findings, "Settings: a Loop backup's preview", async () => {
        const chooser = page.waitForEvent("filechooser");
        await page
          .getByTestId("settings-loop-import")
          .getByRole("button", name(onDemand.loopImport.choose))
          .click();
        await (
          await chooser
        ).setFiles(join(import.meta.dirname, "..", "test", "fixtures", "loop", "loop-v25.db"));
        await expect(page.getByTestId("loop-preview-habit").first()).toBeVisible();
        // The file's habits are its owner's data: their names, and their units in the rules.
        const names = await page
          .getByTestId("loop-preview-habit")
          .locator("p > span.font-medium")
          .allTextContents();
        await check(
          page,
          locale,
          "Settings: a Loop backup's preview",
          [...own, ...names, ...LOOP_UNITS],
          findings,
        );
        await page
          .getByTestId("settings-loop-import")
          .getByRole("button", name(onDemand.loopImport.cancel))
          .click();
      });
      await step(findings, "Settings: deleting a group asks first", async () => {
        await page.getByRole("button", named(onDemand.groups.deleteGroup, HABITS.group)).click();
        await expect(page.getByRole("dialog").or(page.getByRole("alertdialog"))).toBeVisible();
        await check(page, locale, "Settings: deleting a group asks first", own, findings);
        await page.keyboard.press("Escape");
      });

      await gotoApp(page, "/profile");
      await check(page, locale, "Profile", own, findings);

      await gotoApp(page, "/nowhere");
      await expect(page.getByTestId("habit-row").first()).toBeVisible();
      await check(page, locale, "an unknown address (back on Today)", own, findings);
    } finally {
      report(locale, findings);
    }
  });
}

/** A yes/no habit, a measurable one and one in a group, with some days done. */
async function seedHabits(server: TestServer, user: TestUser): Promise<Record<string, string>> {
  const today = todayIn();
  const from = today;
  const ids = await seedKinds(server, user, [
    { name: HABITS.yesNo, kind: "yesNo", rules: [{ from, frequency: null, target: null }] },
    {
      name: HABITS.measurable,
      kind: "measurable",
      rules: [{ from, frequency: null, target: { atMost: false, amount: 8, per: "day", unit: HABITS.unit } }],
    },
    { name: HABITS.grouped, kind: "yesNo", rules: [{ from, frequency: null, target: null }] },
  ]);
  const groupId = randomUUID();
  const ops = [
    { opId: randomUUID(), type: "createGroup", groupId, name: HABITS.group },
    { opId: randomUUID(), type: "updateHabit", habitId: ids[HABITS.grouped], groupId },
    { opId: randomUUID(), type: "setDay", habitId: ids[HABITS.yesNo], date: today, state: "done" },
  ];
  const res = await api(server, user, "/api/sync/push", { method: "POST", body: JSON.stringify({ ops }) });
  expect(res.ok).toBe(true);
  return ids;
}
