import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env";
import { badRequest, errorText, notFound } from "../http/errors";
import { dayFaultText, latestDayOf } from "../http/user-day";
import { userActionLimit } from "../http/frame";
import { validate } from "../http/validation";
import { createProfile } from "../profile/profile.repo";
import type { StoredHabit } from "../../core/habit";
import { deriveAnyHabit } from "../../core/kind-habit";
import { HabitPatchSchema, NewHabitSchema } from "../../core/habit-schema";
import { IMPORTS_PER_MINUTE } from "../../core/constants";
import type { LocalDate } from "../../core/local-date";
import { LocalDateSchema } from "../../core/local-date-schema";
import { changeHabit, createHabit, deleteHabit, listHabits, setCompletion } from "./habits.repo";
import { migrateHabits, replaceHabits } from "./habits-import.repo";
import { appendHabits } from "./habits-append.repo";
import { contract } from "../../core/contract-schema";
import { latestDay, parseBackupItems, partitionLocalHabits } from "./backup-items";
import type { UserLimits } from "./quota";
import { jsonArrayInSlices } from "./slices";
import { readSettings } from "../sync/settings.repo";
import type { UserCache } from "../sync/change-hub";
import { jsonAnswer, sendCached } from "../http/cached-body";

const HabitParamsSchema = z.object({ id: z.uuid({ error: "must be a habit id (a UUID)" }) });
const CompletionParamsSchema = HabitParamsSchema.extend({ date: LocalDateSchema });

const habitNotFound = () => notFound("HABIT_NOT_FOUND", "habitNotFound");

function found(habit: StoredHabit | undefined): StoredHabit {
  if (!habit) throw habitNotFound();
  return habit;
}

/** Any day from 2000-01-01 up to the user's today (X-Local-Date, checked by resolveToday) can be set. */
function completionDate(c: Context<AppEnv>, date: LocalDate): LocalDate {
  const fault = dayFaultText(date, latestDayOf(c.req.header("x-local-date"), c.get("now")));
  if (fault) throw badRequest("INVALID_DATE", fault);
  return date;
}

/** The profile row is the lock of a user's bulk writes; make sure it exists (it is created at sign-up). */
const ensureProfile = (c: Context<AppEnv>) => {
  const user = c.get("user");
  return createProfile(c.get("db"), { userId: user.id, email: user.email, name: user.name }, c.get("now"));
};

/**
 * What the figures are derived with: the user's vacations (counted as skipped days) and week start (a target per
 * week or N times a week; Monday without a setting, as the reminders count).
 */
const figureSettings = async (c: Context<AppEnv>) => {
  const { vacations, weekStart } = await readSettings(c.get("db"), c.get("user").id);
  return { vacations, weekStart: weekStart ?? 1 };
};

/** One habit's answer, derived for the request's day with the figures of its kind (core/kind-habit.ts). */
const habitJson = async (c: Context<AppEnv>, habit: StoredHabit) => {
  const { vacations, weekStart } = await figureSettings(c);
  return deriveAnyHabit(habit, c.get("today"), vacations, weekStart);
};

/** The list answer, derived and written a slice at a time: an account may hold 100,000 days. */
const habitsJson = async (c: Context<AppEnv>, habits: readonly StoredHabit[]) => {
  const { vacations, weekStart } = await figureSettings(c);
  return jsonArrayInSlices(habits, (habit) => deriveAnyHabit(habit, c.get("today"), vacations, weekStart));
};

const jsonBody = (c: Context<AppEnv>, text: string) =>
  c.body(text, 200, { "content-type": "application/json; charset=UTF-8" });

/**
 * The list, kept per user until their change counter moves or their day changes (sync/change-hub.ts). The
 * counter is read before the habits, so a kept answer is never older than the number it was built under.
 */
const cachedList = async (c: Context<AppEnv>, cache: UserCache) => {
  const db = c.get("db");
  const user = c.get("user");
  const today = c.get("today");
  const { current } = await cache.position(user.id, c.get("now").getTime());
  const answer =
    cache.answer(user.id, current, today) ??
    cache.keepAnswer(user.id, current, today, await habitsJson(c, await listHabits(db, user.id)));
  return sendCached(c, cache, user.id, answer);
};

/** Each valid import writes up to the account's quota at once: a few a minute, apart from the general write limit. */
const importLimit = userActionLimit({
  action: "import",
  max: IMPORTS_PER_MINUTE,
  windowMs: 60_000,
  code: "RATE_LIMITED",
  message: errorText("tooManyImports", { max: IMPORTS_PER_MINUTE }),
});

export const habitsRoutes = (limits: UserLimits, cache: UserCache) =>
  new Hono<AppEnv>()
    .get("/", (c) => cachedList(c, cache))
    .post("/", validate("json", NewHabitSchema), async (c) => {
      const habit = await createHabit(
        c.get("db"),
        c.get("user").id,
        c.req.valid("json"),
        c.get("now"),
        limits,
        c.get("today"),
      );
      return jsonAnswer(c, await habitJson(c, habit), 201);
    })
    .put("/", validate("json", contract["PUT /api/habits"].json), importLimit, async (c) => {
      const { habits: body, groups } = c.req.valid("json");
      const items = await parseBackupItems(body, latestDay(c.get("now")));
      await ensureProfile(c);
      const habits = await replaceHabits(c.get("db"), c.get("user").id, items, c.get("now"), limits, groups);
      return jsonBody(c, await habitsJson(c, habits));
    })
    // "Add to my habits": the items of an import, appended after the user's habits.
    .post("/import", validate("json", contract["POST /api/habits/import"].json), importLimit, async (c) => {
      const { habits: body, groups } = c.req.valid("json");
      const items = await parseBackupItems(body, latestDay(c.get("now")));
      await ensureProfile(c);
      const habits = await appendHabits(c.get("db"), c.get("user").id, items, c.get("now"), limits, groups);
      return jsonBody(c, await habitsJson(c, habits));
    })
    .post("/migrate", validate("json", contract["POST /api/habits/migrate"].json), importLimit, async (c) => {
      const { valid, failed } = await partitionLocalHabits(c.req.valid("json"), latestDay(c.get("now")));
      await ensureProfile(c);
      const { skipped, habits } = await migrateHabits(
        c.get("db"),
        c.get("user").id,
        valid,
        c.get("now"),
        limits,
      );
      const [migrated, notCopied] = skipped ? [0, 0] : [valid.length, failed];
      const list = await habitsJson(c, habits);
      return jsonBody(
        c,
        `{"migrated":${migrated},"failed":${notCopied},"skipped":${skipped},"habits":${list}}`,
      );
    })
    .patch("/:id", validate("param", HabitParamsSchema), validate("json", HabitPatchSchema), async (c) => {
      const { id } = c.req.valid("param");
      const habit = await changeHabit(c.get("db"), c.get("user").id, id, c.req.valid("json"), c.get("now"));
      return jsonAnswer(c, await habitJson(c, found(habit)));
    })
    .delete("/:id", validate("param", HabitParamsSchema), async (c) => {
      if (!(await deleteHabit(c.get("db"), c.get("user").id, c.req.valid("param").id))) throw habitNotFound();
      return c.body(null, 204);
    })
    // PUT marks the day done, DELETE unmarks it; both are idempotent.
    .on(
      ["PUT", "DELETE"],
      "/:id/completions/:date",
      validate("param", CompletionParamsSchema, { date: "INVALID_DATE" }),
      async (c) => {
        const { id, date } = c.req.valid("param");
        const day = completionDate(c, date);
        const done = c.req.method === "PUT";
        const habit = await setCompletion(c.get("db"), c.get("user").id, id, day, done, c.get("now"), limits);
        return jsonAnswer(c, await habitJson(c, found(habit)));
      },
    );
