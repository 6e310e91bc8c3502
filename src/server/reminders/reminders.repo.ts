// Reminders storage (docs/decisions/0033-reminders.md): the user's zone and digest, reminder times with
// their next firing, push subscriptions, and the deliveries that make each firing happen once.
import { sql } from "kysely";
import { isPostgres, type Db } from "../db/database";
import { onWriter } from "../db/writer";
import { decide, nextFiringOf, ringsOn } from "./firing";
import { randomUUID } from "node:crypto";
import { ApiError, errorText, notFound } from "../http/errors";
import { lockOwner } from "../habits/owner.repo";
import { PUSH_DEVICES_MAX, REMINDER_TIMES_MAX } from "../../core/reminders/limits";
import { DAY_DONE, DAY_SKIPPED } from "../db/schema";
import type { ReminderHabit } from "../../core/reminders/habits-left";
import { isSchedule } from "../../core/schedule";
import { HABIT_KINDS, isHabitRules } from "../../core/habit-kind";
import { addDays } from "../../core/local-date";

export type ReminderRow = {
  id: string;
  userId: string;
  habitId: string | null;
  time: string;
  nextFireAt: string | null;
  fireDate: string | null;
  /** The weekdays it rings on as JSON text (0 Sunday); null or absent: every day (see NewReminderRow). */
  weekdays?: string | null;
};

export type UserReminderSettings = {
  timeZone: string | null;
  /** Off until the address is verified (docs/decisions/0053-mail-only-to-verified-addresses.md). */
  emailEnabled: boolean;
  emailVerified: boolean;
};

export type PushSubscriptionRow = { endpoint: string; userId: string; p256dh: string; auth: string };
/** A device as the scheduler reads it: with its failures in a row. */
export type PushDeviceRow = PushSubscriptionRow & { failures: number };

type RawReminder = {
  id: string;
  user_id: string;
  habit_id: string | null;
  time: string;
  next_fire_at: string | null;
  fire_date: string | null;
  weekdays: string | null;
};

const reminderOf = (row: RawReminder): ReminderRow => ({
  id: row.id,
  userId: row.user_id,
  habitId: row.habit_id,
  time: row.time,
  nextFireAt: row.next_fire_at,
  fireDate: row.fire_date,
  weekdays: row.weekdays,
});

const REMINDER_COLUMNS = [
  "id",
  "user_id",
  "habit_id",
  "time",
  "next_fire_at",
  "fire_date",
  "weekdays",
] as const;

// Settings.

/** The user's zone, and whether the digest is on: their own choice, on an address that was verified. */
export async function readUserSettings(db: Db, userId: string): Promise<UserReminderSettings> {
  const row = await db
    .selectFrom("user")
    .leftJoin("reminder_settings", "reminder_settings.user_id", "user.id")
    .select(["reminder_settings.time_zone", "reminder_settings.email_enabled", "user.emailVerified"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  const emailVerified = Boolean(row?.emailVerified);
  return {
    timeZone: row?.time_zone ?? null,
    emailEnabled: emailVerified && (row?.email_enabled ?? 1) !== 0,
    emailVerified,
  };
}

export async function writeTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db
    .insertInto("reminder_settings")
    .values({ user_id: userId, time_zone: timeZone })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ time_zone: timeZone }))
    .execute();
}

/** The owner's toggle, made at `now`: turning the digest on does not undo an unsubscribe made after `now`. */
export async function writeEmailEnabled(
  db: Db,
  userId: string,
  enabled: boolean,
  now: string,
): Promise<void> {
  const email_enabled = enabled ? 1 : 0;
  await db
    .insertInto("reminder_settings")
    .values({ user_id: userId, time_zone: null, email_enabled })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        email_enabled: enabled
          ? sql<number>`case when reminder_settings.email_unsubscribed_at > ${now} then 0 else 1 end`
          : 0,
      }),
    )
    .execute();
}

/** The unsubscribe link: the digest off, and when, for a user that exists (a token outlives its account). */
export async function unsubscribeEmail(db: Db, userId: string, now: string): Promise<void> {
  await db
    .insertInto("reminder_settings")
    .columns(["user_id", "time_zone", "email_enabled", "email_unsubscribed_at"])
    .expression((eb) =>
      eb
        .selectFrom("user")
        .select([
          "user.id",
          sql<null>`null`.as("time_zone"),
          sql<number>`0`.as("email_enabled"),
          sql<string>`${now}`.as("email_unsubscribed_at"),
        ])
        .where("user.id", "=", userId),
    )
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ email_enabled: 0, email_unsubscribed_at: now }))
    .execute();
}

// Reminders.

export async function listReminders(db: Db, userId: string): Promise<ReminderRow[]> {
  const rows = await db
    .selectFrom("reminders")
    .select(REMINDER_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("habit_id")
    .orderBy("time")
    .orderBy("id")
    .execute();
  return rows.map(reminderOf);
}

export async function findReminder(db: Db, userId: string, id: string): Promise<ReminderRow | null> {
  const row = await db
    .selectFrom("reminders")
    .select(REMINDER_COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? reminderOf(row) : null;
}

export async function countDailyReminders(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("reminders")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .where("habit_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** True when the habit exists and is the user's (archived or not). */
export async function ownsHabit(db: Db, userId: string, habitId: string): Promise<boolean> {
  const row = await db
    .selectFrom("habits")
    .select("id")
    .where("id", "=", habitId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewReminderRow = Omit<ReminderRow, "userId" | "weekdays"> & {
  userId: string;
  createdAt: string;
  /** The weekdays it rings on (0 Sunday); absent or null: every day. */
  weekdays?: readonly number[] | null;
};

/** Adds a reminder; a habit's own time replaces the one it had (the unique habit_id keeps one). */
export async function insertReminder(db: Db, row: NewReminderRow): Promise<void> {
  const values = {
    id: row.id,
    user_id: row.userId,
    habit_id: row.habitId,
    time: row.time,
    next_fire_at: row.nextFireAt,
    fire_date: row.fireDate,
    created_at: row.createdAt,
    weekdays: row.weekdays ? JSON.stringify(row.weekdays) : null,
  };
  if (row.habitId === null) {
    await db.insertInto("reminders").values(values).execute();
    return;
  }
  await db
    .insertInto("reminders")
    .values(values)
    .onConflict((oc) =>
      oc.column("habit_id").doUpdateSet({
        id: row.id,
        time: row.time,
        next_fire_at: row.nextFireAt,
        fire_date: row.fireDate,
        created_at: row.createdAt,
        weekdays: values.weekdays,
      }),
    )
    .execute();
}

/** A reminder's time or its next firing; false when it is not the user's. */
export async function updateReminder(
  db: Db,
  userId: string,
  id: string,
  set: { time?: string; nextFireAt: string | null; fireDate: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("reminders")
    .set({
      ...(set.time !== undefined && { time: set.time }),
      next_fire_at: set.nextFireAt,
      fire_date: set.fireDate,
    })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteReminder(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("reminders")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Push subscriptions.

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function listSubscriptions(db: Db, userId: string): Promise<PushDeviceRow[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "user_id", "p256dh", "auth", "failures"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    endpoint: r.endpoint,
    userId: r.user_id,
    p256dh: r.p256dh,
    auth: r.auth,
    failures: Number(r.failures),
  }));
}

/** The endpoint's owner, or undefined: a device moves to whoever subscribes it last. */
export async function subscriptionOwner(db: Db, endpoint: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select("user_id")
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return row?.user_id;
}

export async function upsertSubscription(
  db: Db,
  row: PushSubscriptionRow & { createdAt: string },
): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values({
      endpoint: row.endpoint,
      user_id: row.userId,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.createdAt,
    })
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet({ user_id: row.userId, p256dh: row.p256dh, auth: row.auth, failures: 0 }),
    )
    .execute();
}

/** Removes the user's device; another user's endpoint is left alone. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .execute();
}

/** The push service answered 404 or 410: the subscription is gone for whoever holds it. */
export async function deleteExpiredSubscription(db: Db, endpoint: string, p256dh: string): Promise<void> {
  // The keys too: a device that subscribed again with new keys in the meantime keeps its new row.
  await db
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", endpoint)
    .where("p256dh", "=", p256dh)
    .execute();
}

/** A push the service took: the device's failures in a row start again from 0. */
export async function resetPushFailures(db: Db, endpoint: string, p256dh: string): Promise<void> {
  await db
    .updateTable("push_subscriptions")
    .set({ failures: 0 })
    .where("endpoint", "=", endpoint)
    .where("p256dh", "=", p256dh)
    .execute();
}

/**
 * A push the service did not take: one more failure in a row. At `max` the device is deleted and the user's notice
 * counts it; true when it was.
 */
export const recordPushFailure = onWriter(
  "recordPushFailure",
  async (
    db: Db,
    device: { endpoint: string; p256dh: string; userId: string },
    max: number,
    at: string,
  ): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable("push_subscriptions")
        .set((eb) => ({ failures: eb("failures", "+", 1) }))
        .where("endpoint", "=", device.endpoint)
        .where("p256dh", "=", device.p256dh)
        .execute();
      const deleted = await trx
        .deleteFrom("push_subscriptions")
        .where("endpoint", "=", device.endpoint)
        .where("p256dh", "=", device.p256dh)
        .where("failures", ">=", max)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx
        .insertInto("reminder_settings")
        .values({ user_id: device.userId, time_zone: null, push_removed: 1, push_removed_at: at })
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet((eb) => ({
            push_removed: eb("reminder_settings.push_removed", "+", 1),
            push_removed_at: at,
          })),
        )
        .execute();
      return true;
    }),
);

/** The devices dropped for failing since the user last enabled push, or null. */
export async function readPushRemoved(db: Db, userId: string): Promise<{ count: number; at: string } | null> {
  const row = await db
    .selectFrom("reminder_settings")
    .select(["push_removed", "push_removed_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const count = Number(row?.push_removed ?? 0);
  return count > 0 && row?.push_removed_at ? { count, at: row.push_removed_at } : null;
}

/** The user enabled push again: the notice of dropped devices has been read. */
export async function clearPushRemoved(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("reminder_settings")
    .set({ push_removed: 0, push_removed_at: null })
    .where("user_id", "=", userId)
    .where("push_removed", ">", 0)
    .execute();
}

// What a reminder names.

/**
 * The user's habits in Today's order, with their rules and the days of `date`'s calendar week and month (from 31
 * days before it): what habitsLeft needs to say what is left of a measured or "N times" habit.
 */
export async function habitsOnDay(db: Db, userId: string, date: string): Promise<ReminderHabit[]> {
  const from = addDays(date, -31);
  const rows = await db
    .selectFrom("habits")
    .leftJoin("completions", (join) =>
      join
        .onRef("completions.habit_id", "=", "habits.id")
        .on("completions.date", ">=", from)
        .on("completions.date", "<=", date),
    )
    .select([
      "habits.id",
      "habits.name",
      "habits.schedule",
      "habits.archived",
      "habits.kind",
      "habits.rules",
      "completions.date",
      "completions.done",
      "completions.value",
    ])
    .where("habits.user_id", "=", userId)
    .orderBy("habits.position")
    .orderBy("habits.created_at", "desc")
    .orderBy("habits.id")
    .orderBy("completions.date")
    .execute();
  type Read = ReminderHabit & {
    completedDates: string[];
    skippedDates: string[];
    values: [string, number][];
  };
  const habits: Read[] = [];
  let habit: Read | undefined;
  for (const row of rows) {
    if (habit?.id !== row.id) {
      const schedule: unknown = row.schedule === null ? null : JSON.parse(row.schedule);
      const kind = HABIT_KINDS.find((k) => k === row.kind) ?? "yesNo";
      const rules: unknown = row.rules === null ? null : JSON.parse(row.rules);
      habit = {
        id: row.id,
        name: row.name,
        completedDates: [],
        skippedDates: [],
        values: [],
        schedule: isSchedule(schedule) ? schedule : null,
        archived: row.archived !== 0,
        kind,
        ...(isHabitRules(kind, rules) && { rules }),
      };
      habits.push(habit);
    }
    if (row.date === null) continue;
    if (row.done === DAY_DONE) habit.completedDates.push(row.date);
    if (row.done === DAY_SKIPPED) habit.skippedDates.push(row.date);
    if (row.value !== null && row.value !== undefined) habit.values.push([row.date, Number(row.value)]);
  }
  return habits;
}

/** The address to mail the user's digest to: null unless it was verified and the digest is on. */
export async function digestAddress(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("user")
    .leftJoin("reminder_settings", "reminder_settings.user_id", "user.id")
    .select(["user.email", "user.emailVerified", "reminder_settings.email_enabled"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row || !row.emailVerified || (row.email_enabled ?? 1) === 0) return null;
  return row.email;
}

// The scheduler.

export type DueReminder = ReminderRow & { timeZone: string | null };

/** A firing this process claimed: the delivery row is in, so no other process sends it. */
export type Claim = { reminder: DueReminder; late: boolean };

/**
 * Claims up to `limit` reminders due at `now` (next_fire_at <= now) in one transaction: `decide` gives each its next
 * firing and the delivery key of this one (null: dropped, not sent). The delivery row is inserted with ON CONFLICT
 * DO NOTHING: only the process whose insert went in sends. On PostgreSQL the rows are locked FOR UPDATE SKIP
 * LOCKED, so two processes take different rows; on SQLite the transaction holds the one write lock.
 */
export const claimDueReminders = onWriter(
  "claimDueReminders",
  async (
    db: Db,
    at: Date,
    limit: number,
  ): Promise<{ claimed: { reminder: DueReminder; date: string }[]; dropped: number; duplicates: number }> => {
    const now = at.toISOString();
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("reminders")
        .leftJoin("reminder_settings", "reminder_settings.user_id", "reminders.user_id")
        .select([
          "reminders.id",
          "reminders.user_id",
          "reminders.habit_id",
          "reminders.time",
          "reminders.next_fire_at",
          "reminders.fire_date",
          "reminders.weekdays",
          "reminder_settings.time_zone",
        ])
        .where("reminders.next_fire_at", "<=", now)
        .orderBy("reminders.next_fire_at")
        .limit(limit)
        .$if(isPostgres(trx), (qb) => qb.forUpdate("reminders").skipLocked())
        .execute();
      const claimed: { reminder: DueReminder; date: string }[] = [];
      let dropped = 0;
      let duplicates = 0;
      for (const row of rows) {
        const reminder = { ...reminderOf(row), timeZone: row.time_zone };
        const { next, delivery } = decide(reminder, at);
        await trx
          .updateTable("reminders")
          .set({ next_fire_at: next?.at ?? null, fire_date: next?.date ?? null })
          .where("id", "=", reminder.id)
          .execute();
        // A habit's reminder of some weekdays only (from a backup) moves on to its next firing on another day.
        if (reminder.fireDate !== null && !ringsOn(row.weekdays, reminder.fireDate)) continue;
        if (delivery === null) {
          dropped += 1;
          continue;
        }
        const inserted = await trx
          .insertInto("reminder_deliveries")
          .values({
            user_id: reminder.userId,
            reminder_id: reminder.id,
            date: delivery.date,
            outcome: "claimed",
            created_at: now,
          })
          .onConflict((oc) => oc.columns(["user_id", "reminder_id", "date"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
          claimed.push({ reminder, date: delivery.date });
        else duplicates += 1;
      }
      return { claimed, dropped, duplicates };
    });
  },
);

/** What became of a claimed firing: "sent", "nothing-left", "no-channel" or "failed". */
export async function recordOutcome(
  db: Db,
  key: { userId: string; reminderId: string; date: string },
  outcome: string,
): Promise<void> {
  await db
    .updateTable("reminder_deliveries")
    .set({ outcome })
    .where("user_id", "=", key.userId)
    .where("reminder_id", "=", key.reminderId)
    .where("date", "=", key.date)
    .execute();
}

/** Deliveries older than `before` can no longer collide with a firing (a day's key is claimed within its day). */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom("reminder_deliveries")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The deliveries of a user, for tests and support: which firings were claimed, and what became of them. */
export async function listDeliveries(
  db: Db,
  userId: string,
): Promise<{ reminderId: string; date: string; outcome: string }[]> {
  const rows = await db
    .selectFrom("reminder_deliveries")
    .select(["reminder_id", "date", "outcome"])
    .where("user_id", "=", userId)
    .orderBy("date")
    .orderBy("reminder_id")
    .execute();
  return rows.map((r) => ({ reminderId: r.reminder_id, date: r.date, outcome: r.outcome }));
}

// The writes of the reminder settings, each one transaction.

/** The user's zone, and each reminder's next firing in it: a traveller's reminders follow them. A firing for a
 * local date that was sent already is not sent again (the delivery key). */
export const moveTimeZone = onWriter(
  "moveTimeZone",
  (db: Db, userId: string, timeZone: string, now: Date): Promise<void> =>
    db.transaction().execute(async (trx) => {
      await writeTimeZone(trx, userId, timeZone);
      for (const reminder of await listReminders(trx, userId))
        await updateReminder(trx, userId, reminder.id, nextFiringOf(reminder.time, timeZone, now));
    }),
);

/** A new reminder time, for the day's digest (habitId null) or one habit, within the user's limit. */
export const addReminder = onWriter(
  "addReminder",
  (db: Db, userId: string, { time, habitId }: { time: string; habitId: string | null }, now: Date) =>
    db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId); // one at a time per user: the limit holds with two requests at once
      if (habitId !== null && !(await ownsHabit(trx, userId, habitId)))
        throw notFound("HABIT_NOT_FOUND", "habitNotFound");
      if (habitId === null && (await countDailyReminders(trx, userId)) >= REMINDER_TIMES_MAX)
        throw new ApiError(409, "REMINDER_LIMIT", errorText("reminderLimit", { max: REMINDER_TIMES_MAX }));
      const { timeZone } = await readUserSettings(trx, userId);
      const reminder = { id: randomUUID(), userId, habitId, time, ...nextFiringOf(time, timeZone, now) };
      await insertReminder(trx, { ...reminder, createdAt: now.toISOString() });
      return reminder;
    }),
);

/** A browser's push endpoint for the user, within the device limit. */
export const addSubscription = onWriter(
  "addSubscription",
  (
    db: Db,
    userId: string,
    keys: { endpoint: string; p256dh: string; auth: string },
    now: Date,
  ): Promise<void> =>
    db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      const added = (await subscriptionOwner(trx, keys.endpoint)) !== userId;
      if (added && (await countSubscriptions(trx, userId)) >= PUSH_DEVICES_MAX)
        throw new ApiError(409, "DEVICE_LIMIT", errorText("deviceLimit", { max: PUSH_DEVICES_MAX }));
      await upsertSubscription(trx, { ...keys, userId, createdAt: now.toISOString() });
      // A device enabled anew answers the notice of dropped ones; the app's re-post of its own on each visit does not
      if (added) await clearPushRemoved(trx, userId);
    }),
);
