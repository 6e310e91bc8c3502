// The reminder scheduler (issue 12, docs/decisions/0033-reminders.md). Every process runs it: a tick at start,
// then every 30 s on the half minute. A tick claims due reminders in batches (claimDueReminders: one transaction;
// rows locked FOR UPDATE SKIP LOCKED on PostgreSQL, the one write lock on SQLite), moves each to its next firing,
// and inserts the delivery key (user, reminder, local date) that makes the firing happen once. Sending happens
// after the commit: a process that dies in between has claimed a firing it never sends (at most once).
import { nextFiring } from "../../core/reminders/next-fire";
import { REMINDER_LATE_MAX_MS } from "../../core/reminders/limits";
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { deliverReminder, eachLimited, SEND_CONCURRENCY, type Channels } from "./delivery";
import { claimDueReminders, pruneDeliveries, recordOutcome, type DueReminder } from "./reminders.repo";

export const TICK_MS = 30_000;
/** Reminders claimed by one transaction; a tick claims again until fewer are due (at most MAX_BATCHES times). */
export const BATCH_SIZE = 50;
const MAX_BATCHES = 20;
/** Delivery keys are kept a week: a day's key is only ever claimed within about a day of it. */
const DELIVERY_KEEP_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** The next firing of a reminder after `after` as stored: null without a zone (nothing fires until one is set). */
export function nextFiringOf(time: string, timeZone: string | null, after: Date) {
  if (timeZone === null) return { nextFireAt: null, fireDate: null };
  // The local date the wall time falls on; the day start is applied when it fires (delivery.ts).
  const firing = nextFiring(time, timeZone, 0, after);
  return { nextFireAt: firing.at.toISOString(), fireDate: firing.day };
}

export type TickResult = { claimed: number; dropped: number; duplicates: number; sent: number };

export type ReminderScheduler = {
  /** One tick now (tests call it directly); resolves when its sends are done. */
  tick: () => Promise<TickResult>;
  /** Stops the timer and waits for a tick under way. */
  stop: () => Promise<void>;
};

export type SchedulerOptions = {
  db: Db;
  channels: Channels;
  now: () => Date;
  logger: Logger;
  /** The timer's period; tests pass a short one to follow a clock they move. 0: no timer (ticks by hand). */
  tickMs?: number;
};

/** Decides a due reminder's fate: its next firing, and whether this firing is sent or dropped as too late. */
function decide(reminder: DueReminder, now: Date) {
  const next = nextFiringOf(reminder.time, reminder.timeZone, now);
  const dueAt = reminder.nextFireAt === null ? NaN : Date.parse(reminder.nextFireAt);
  const tooLate = !(now.getTime() - dueAt <= REMINDER_LATE_MAX_MS);
  return {
    next:
      next.nextFireAt === null || next.fireDate === null
        ? null
        : { at: next.nextFireAt, date: next.fireDate },
    delivery: tooLate || reminder.fireDate === null ? null : { date: reminder.fireDate },
  };
}

export async function runTick(opts: Omit<SchedulerOptions, "tickMs">): Promise<TickResult> {
  const { db, channels, logger } = opts;
  const total: TickResult = { claimed: 0, dropped: 0, duplicates: 0, sent: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const now = opts.now();
    const result = await claimDueReminders(db, now.toISOString(), BATCH_SIZE, (r) => decide(r, now));
    total.claimed += result.claimed.length;
    total.dropped += result.dropped;
    total.duplicates += result.duplicates;
    if (result.dropped > 0)
      logger.info({ dropped: result.dropped }, "reminders more than an hour late dropped");
    await eachLimited(result.claimed, SEND_CONCURRENCY, async ({ reminder, date }) => {
      const key = { userId: reminder.userId, reminderId: reminder.id, date };
      let outcome: string;
      try {
        outcome = (await deliverReminder(db, channels, reminder, date)).outcome;
      } catch (err) {
        outcome = "failed";
        logger.warn(
          { reminderId: reminder.id, err: err instanceof Error ? err.message.slice(0, 200) : String(err) },
          "sending a reminder failed",
        );
      }
      if (outcome === "sent") total.sent += 1;
      await recordOutcome(db, key, outcome).catch((err: unknown) =>
        logger.warn({ err }, "recording a reminder's outcome failed"),
      );
    });
    if (result.claimed.length + result.dropped + result.duplicates < BATCH_SIZE) break;
  }
  if (total.claimed > 0) logger.info({ reminders: total }, "reminders sent");
  return total;
}

export function startReminderScheduler(opts: SchedulerOptions): ReminderScheduler {
  const { logger, tickMs = TICK_MS } = opts;
  let running: Promise<TickResult> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;

  const tick = (): Promise<TickResult> => {
    // One tick at a time in a process; a tick that overruns its period makes the next one wait.
    running ??= runTick(opts)
      .then(async (result) => {
        const now = opts.now().getTime();
        if (now - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = now;
          await pruneDeliveries(opts.db, new Date(now - DELIVERY_KEEP_MS).toISOString());
        }
        return result;
      })
      .catch((err: unknown) => {
        logger.warn({ err }, "a reminder tick failed; the next one tries again");
        return { claimed: 0, dropped: 0, duplicates: 0, sent: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped || tickMs <= 0) return;
    // On the period's boundary (xx:xx:00 and :30 by default), so that a reminder fires within a period of its time.
    timer = setTimeout(
      () => {
        void tick().finally(schedule);
      },
      tickMs - (Date.now() % tickMs),
    );
    timer.unref();
  };

  if (tickMs > 0) void tick().finally(schedule);
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
