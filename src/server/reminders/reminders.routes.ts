// Reminders routes (docs/decisions/0033-reminders.md): the user's reminder times, zone, e-mail digest
// and push devices (signed in), and the digest's unsubscribe link (no sign-in: a signed token).
import { Hono, type Context } from "hono";
import { contract, type ReminderSettings } from "../../core/contract-schema";
import { TEST_REMINDERS_PER_HOUR } from "../../core/reminders/limits";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { AppEnv } from "../http/env";
import { badRequest, errorText, notFound } from "../http/errors";
import { userActionLimit } from "../http/frame";
import { validate } from "../http/validation";
import { actionPage, pageMessages } from "../http/action-page";
import { sendTestReminder, type Channels } from "./delivery";
import {
  addReminder,
  addSubscription,
  countSubscriptions,
  deleteReminder,
  deleteSubscription,
  findReminder,
  listReminders,
  moveTimeZone,
  readPushRemoved,
  readUserSettings,
  unsubscribeEmail,
  updateReminder,
  writeEmailEnabled,
  type ReminderRow,
} from "./reminders.repo";
import { endpointRefusal } from "./public-address";
import { nextFiringOf } from "./firing";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

const reminderOut = (row: ReminderRow) => ({
  id: row.id,
  time: row.time,
  habitId: row.habitId,
  // Some weekdays only (a habit's reminder from a Loop file): the Loop export writes them back.
  ...(row.weekdays && { weekdays: JSON.parse(row.weekdays) as number[] }),
});

/** Daily times first, then habits' own, each by time. */
const byKindAndTime = (a: ReminderRow, b: ReminderRow) =>
  Number(a.habitId !== null) - Number(b.habitId !== null) ||
  a.time.localeCompare(b.time) ||
  a.id.localeCompare(b.id);

async function settingsOf(db: Db, config: Config, userId: string): Promise<ReminderSettings> {
  const [settings, devices, reminders, removed] = await Promise.all([
    readUserSettings(db, userId),
    countSubscriptions(db, userId),
    listReminders(db, userId),
    readPushRemoved(db, userId),
  ]);
  return {
    timeZone: settings.timeZone,
    email: {
      enabled: settings.emailEnabled,
      available: config.smtpUrl !== null,
      verified: settings.emailVerified,
    },
    push: { publicKey: config.vapid.publicKey, devices, removed },
    reminders: reminders.sort(byKindAndTime).map(reminderOut),
  };
}

/** A path's reminder id: anything else (too long, a NUL PostgreSQL text cannot hold) is no reminder of the user. */
function reminderIdOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (id.length === 0 || id.length > 64 || id.includes("\u0000"))
    throw notFound("REMINDER_NOT_FOUND", "reminderNotFound");
  return id;
}

export function reminderRoutes(config: Config, channels: Channels) {
  const timeCodes = { time: "INVALID_TIME" } as const;
  // Each test may be a mail: a few an hour, counted in the database (docs/decisions/0053).
  const testLimit = userActionLimit({
    action: "test-reminder",
    max: TEST_REMINDERS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    code: "TEST_REMINDER_LIMITED",
    message: errorText("tooManyTests", { max: TEST_REMINDERS_PER_HOUR }),
  });

  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await settingsOf(c.get("db"), config, c.get("user").id)))
    .put(
      "/time-zone",
      validate("json", contract["PUT /api/reminders/time-zone"].json, { timeZone: "INVALID_TIME_ZONE" }),
      async (c) => {
        const db = c.get("db");
        const user = c.get("user");
        const now = c.get("now");
        const { timeZone } = c.req.valid("json");
        const before = await readUserSettings(db, user.id);
        if (before.timeZone !== timeZone) {
          await moveTimeZone(db, user.id, timeZone, now);
        }
        return c.json(await settingsOf(db, config, user.id));
      },
    )
    .put("/email", validate("json", contract["PUT /api/reminders/email"].json), async (c) => {
      const { enabled } = c.req.valid("json");
      await writeEmailEnabled(c.get("db"), c.get("user").id, enabled, c.get("now").toISOString());
      return c.json(await settingsOf(c.get("db"), config, c.get("user").id));
    })
    .post("/", validate("json", contract["POST /api/reminders"].json, timeCodes), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      const now = c.get("now");
      const { time, habitId = null } = c.req.valid("json");
      const row = await addReminder(db, user.id, { time, habitId }, now);
      return c.json(reminderOut(row), 201);
    })
    .put("/:id", validate("json", contract["PUT /api/reminders/:id"].json, timeCodes), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      const now = c.get("now");
      const id = reminderIdOf(c);
      const { time } = c.req.valid("json");
      const { timeZone } = await readUserSettings(db, user.id);
      if (!(await updateReminder(db, user.id, id, { time, ...nextFiringOf(time, timeZone, now) })))
        throw notFound("REMINDER_NOT_FOUND", "reminderNotFound");
      const row = await findReminder(db, user.id, id);
      if (!row) throw notFound("REMINDER_NOT_FOUND", "reminderNotFound");
      return c.json(reminderOut(row));
    })
    .delete("/:id", async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      if (!(await deleteReminder(db, user.id, reminderIdOf(c))))
        throw notFound("REMINDER_NOT_FOUND", "reminderNotFound");
      return c.json(await settingsOf(db, config, user.id));
    })
    .post("/test", testLimit, async (c) =>
      c.json(await sendTestReminder(c.get("db"), channels, c.get("user").id)),
    );
}

/** /api/push/subscriptions: the user's push devices, one row per browser (its endpoint). */
export function pushRoutes(config: Config) {
  // A signed-in user must not make the server post into its own network: the endpoint's form is checked here, the
  // address it resolves to when a push is sent (docs/decisions/0054-push-to-public-addresses-fairly.md).
  const checkEndpoint = (endpoint: string) => {
    const refusal = endpointRefusal(endpoint, config.pushAllowPrivateHosts);
    if (refusal !== null)
      throw badRequest("PUSH_ENDPOINT_NOT_PUBLIC", errorText("endpointNotPublic", { refusal }));
  };
  return new Hono<AppEnv>()
    .post("/subscriptions", validate("json", contract["POST /api/push/subscriptions"].json), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      const now = c.get("now");
      const { endpoint, keys } = c.req.valid("json");
      checkEndpoint(endpoint);
      await addSubscription(db, user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, now);
      return c.json(await settingsOf(db, config, user.id));
    })
    .delete(
      "/subscriptions",
      validate("json", contract["DELETE /api/push/subscriptions"].json),
      async (c) => {
        await deleteSubscription(c.get("db"), c.get("user").id, c.req.valid("json").endpoint);
        return c.json(await settingsOf(c.get("db"), config, c.get("user").id));
      },
    );
}

/**
 * GET and POST /api/reminders/unsubscribe?token=…: the digest's link (GET, from the mail's text) shows a page whose
 * one button posts to the same address, and RFC 8058's one-click POST (List-Unsubscribe-Post) turns the digest off
 * at once. A GET changes nothing, so that a mail scanner that opens every link unsubscribes no one. No session:
 * the token is signed with the auth secret and names the user.
 */
export function unsubscribeRoute(config: Config) {
  return async (c: Context<AppEnv>) => {
    const texts = pageMessages(c).m.reminderDelivery;
    const link = { href: `${config.baseUrl}/settings`, text: texts.openSettings };
    const token = c.req.query("token") ?? "";
    const userId = verifyUnsubscribeToken(config.authSecret, token);
    if (userId === null)
      return actionPage(c, 400, { title: texts.unsubscribeFailedTitle, text: texts.unsubscribeFailed, link });
    if (c.req.method !== "POST")
      return actionPage(c, 200, {
        title: texts.unsubscribeTitle,
        text: texts.unsubscribeAsk,
        confirm: texts.unsubscribeConfirm,
        link,
      });
    await unsubscribeEmail(c.get("db"), userId, c.get("now").toISOString());
    return actionPage(c, 200, { title: texts.unsubscribedTitle, text: texts.unsubscribed, link });
  };
}
