// GET /api/stats: the trends across the user's habits between two days, and each habit's share and strength, as the
// Stats screen and the habit page compute them (core/trends.ts, core/strength.ts; docs/product.md, "Trends").
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env";
import { badRequest, errorText } from "../http/errors";
import { userActionLimit } from "../http/frame";
import { validate } from "../http/validation";
import { STATS_PER_MINUTE } from "../../core/constants";
import { addDays, type LocalDate } from "../../core/local-date";
import { LocalDateSchema } from "../../core/local-date-schema";
import { EARLIEST_DAY } from "../../core/sync";
import { trendHabitOf, trendsBetween } from "../../core/trends";
import { listHabits } from "./habits.repo";
import { readSettings } from "../sync/settings.repo";

export const StatsQuerySchema = z.strictObject({
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
  archived: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
});

const ShareSchema = z.object({
  met: z.number().int(),
  due: z.number().int(),
  share: z.number().nullable().meta({ description: "met / due, 0 to 1; null with nothing due" }),
});
const BucketSchema = ShareSchema.extend({ from: LocalDateSchema, to: LocalDateSchema });
const WeekdaySchema = ShareSchema.extend({ weekday: z.number().int().min(0).max(6) });
const ChangeSchema = z.object({
  id: z.string(),
  name: z.string(),
  before: z.number(),
  after: z.number(),
  change: z.number(),
});

/** The answer, for the OpenAPI document (openapi/api-routes.ts) and the tests. */
export const StatsSchema = z.object({
  from: LocalDateSchema,
  to: LocalDateSchema,
  weekStart: z.union([z.literal(0), z.literal(1)]),
  share: ShareSchema,
  byWeek: z.array(BucketSchema),
  byMonth: z.array(BucketSchema),
  weekdays: z.object({
    days: z.array(WeekdaySchema),
    best: WeekdaySchema.nullable(),
    worst: WeekdaySchema.nullable(),
  }),
  changes: z.object({ rising: z.array(ChangeSchema), falling: z.array(ChangeSchema) }),
  totals: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      unit: z.string(),
      weeks: z.array(z.object({ from: LocalDateSchema, to: LocalDateSchema, total: z.number() })),
    }),
  ),
  habits: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      share: ShareSchema,
      strength: z.number().min(0).max(1).meta({ description: "On `to`, 0 to 1 (Loop's score)" }),
    }),
  ),
});

/** The range asked for: `to` defaults to the user's today, `from` to the 364 days before it (a year of days). */
function rangeOf(
  query: z.output<typeof StatsQuerySchema>,
  today: LocalDate,
): { from: LocalDate; to: LocalDate } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (to > today) throw badRequest("INVALID_DATE", errorText("statsAfterToday", { to, today }));
  if (from < EARLIEST_DAY)
    throw badRequest("INVALID_DATE", errorText("statsBeforeEarliest", { from, earliest: EARLIEST_DAY }));
  if (from > to) throw badRequest("INVALID_DATE", errorText("statsFromAfterTo", { from, to }));
  return { from, to };
}

// Every habit's whole history is read and walked for each answer: a few a second per account, apart from the
// write limit, so that no script can keep the server busy for others.
const statsLimit = userActionLimit({
  action: "stats",
  max: STATS_PER_MINUTE,
  windowMs: 60_000,
  code: "RATE_LIMITED",
  message: errorText("tooManyStats", { max: STATS_PER_MINUTE }),
});

export const statsRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", StatsQuerySchema),
  statsLimit,
  async (c) => {
    const query = c.req.valid("query");
    const today = c.get("today");
    const { from, to } = rangeOf(query, today);
    const db = c.get("db");
    const userId = c.get("user").id;
    const { vacations, weekStart: setting } = await readSettings(db, userId);
    const weekStart = setting ?? 1;
    const stored = await listHabits(db, userId);
    const habits = (query.archived === "true" ? stored : stored.filter((habit) => !habit.archived)).map(
      (habit) => trendHabitOf(habit, vacations, weekStart),
    );
    return c.json({ from, to, weekStart, ...trendsBetween(habits, from, to, today, weekStart) });
  },
);
