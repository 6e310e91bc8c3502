// The reminder scheduler (docs/decisions/0033-reminders.md). Every process runs it: a tick at start,
// then every 30 s on the half minute. A tick claims due reminders in batches (claimDueReminders: one transaction;
// rows locked FOR UPDATE SKIP LOCKED on PostgreSQL, the one write lock on SQLite), moves each to its next firing,
// and inserts the delivery key (user, reminder, local date) that makes the firing happen once. Sending happens
// after the commit: a process that dies in between has claimed a firing it never sends (at most once).
// Sends run in a pool fair across users, apart from the ticks
// (docs/decisions/0054-push-to-public-addresses-fairly.md).
import type { Db } from "../db/database";
import type { Logger } from "../log/logger";
import { deliverReminder, type Channels } from "./delivery";
import { createFairPool, PoolClosedError, type FairPool } from "./fair-pool";
import { isTooLate } from "./firing";
import { claimDueReminders, pruneDeliveries, recordOutcome, type DueReminder } from "./reminders.repo";

export const TICK_MS = 30_000;
/** Reminders claimed by one transaction; a tick claims again until fewer are due (at most MAX_BATCHES times). */
export const BATCH_SIZE = 50;
const MAX_BATCHES = 20;
/** Deliveries under way at once in one process, all users together. */
export const SEND_CONCURRENCY = 8;
/** One user's deliveries under way at once: a user's dead devices hold this share of the pool, no more. */
export const SEND_PER_USER = 1;
/** Delivery keys are kept a week: a day's key is only ever claimed within about a day of it. */
const DELIVERY_KEEP_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export type TickResult = { claimed: number; dropped: number; duplicates: number; sent: number };

export type ReminderScheduler = {
  /** One tick now (tests call it directly); resolves when what it claimed, and what earlier ticks did, is sent. */
  tick: () => Promise<TickResult>;
  /** Stops the timer, drops the sends still waiting and waits for those under way. */
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

type Claimed = { reminder: DueReminder; date: string };
type Context = Omit<SchedulerOptions, "tickMs"> & { pool: FairPool };

/** Sends one claimed firing and records what became of it; true when it was sent. */
async function send(ctx: Context, { reminder, date }: Claimed): Promise<boolean> {
  const { db, channels, logger } = ctx;
  let outcome: string;
  try {
    outcome = await ctx.pool.run(reminder.userId, async () =>
      // Waiting behind the user's own deliveries can make a firing late: it is dropped then, as at claim time.
      isTooLate(reminder.nextFireAt, ctx.now())
        ? "late"
        : (await deliverReminder(db, channels, reminder, date)).outcome,
    );
  } catch (err) {
    if (err instanceof PoolClosedError) return false; // stopping: claimed and not sent (at most once)
    outcome = "failed";
    logger.warn(
      { reminderId: reminder.id, err: err instanceof Error ? err.message.slice(0, 200) : String(err) },
      "sending a reminder failed",
    );
  }
  if (outcome === "late")
    logger.info({ reminderId: reminder.id }, "a reminder more than an hour late dropped");
  const key = { userId: reminder.userId, reminderId: reminder.id, date };
  await recordOutcome(db, key, outcome).catch((err: unknown) =>
    logger.warn({ err }, "recording a reminder's outcome failed"),
  );
  return outcome === "sent";
}

/**
 * Claims the due reminders and hands each to the pool; resolves when all are claimed, with `sends`, which
 * resolves when they are sent. The tick does not wait for the sends: a slow push never holds the next tick.
 */
async function claimDue(ctx: Context) {
  const { db, logger } = ctx;
  const total = { claimed: 0, dropped: 0, duplicates: 0 };
  const sends: Promise<boolean>[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const now = ctx.now();
    const result = await claimDueReminders(db, now, BATCH_SIZE);
    total.claimed += result.claimed.length;
    total.dropped += result.dropped;
    total.duplicates += result.duplicates;
    if (result.dropped > 0)
      logger.info({ dropped: result.dropped }, "reminders more than an hour late dropped");
    for (const claimed of result.claimed) sends.push(send(ctx, claimed));
    if (result.claimed.length + result.dropped + result.duplicates < BATCH_SIZE) break;
  }
  const sent = Promise.all(sends).then((all) => {
    const count = all.filter(Boolean).length;
    if (total.claimed > 0) logger.info({ reminders: { ...total, sent: count } }, "reminders sent");
    return count;
  });
  return { total, sent };
}

export function startReminderScheduler(opts: SchedulerOptions): ReminderScheduler {
  const { logger, tickMs = TICK_MS } = opts;
  const ctx: Context = { ...opts, pool: createFairPool({ total: SEND_CONCURRENCY, perKey: SEND_PER_USER }) };
  let claiming: ReturnType<typeof claimDue> | null = null;
  const sending = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;

  /** One claim at a time in a process; the sends it hands out go on after it. */
  const claim = () =>
    (claiming ??= claimDue(ctx)
      .then(async (result) => {
        sending.add(result.sent);
        void result.sent.finally(() => sending.delete(result.sent));
        const now = opts.now().getTime();
        if (now - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = now;
          await pruneDeliveries(opts.db, new Date(now - DELIVERY_KEEP_MS).toISOString());
        }
        return result;
      })
      .catch((err: unknown) => {
        logger.warn({ err }, "a reminder tick failed; the next one tries again");
        return { total: { claimed: 0, dropped: 0, duplicates: 0 }, sent: Promise.resolve(0) };
      })
      .finally(() => {
        claiming = null;
      }));

  const tick = async (): Promise<TickResult> => {
    const { total, sent } = await claim();
    // The sends of earlier claims (the timer's) are waited for too: after a tick, all that was due is sent.
    const [count] = await Promise.all([sent, ...sending]);
    return { ...total, sent: count };
  };

  const schedule = () => {
    if (stopped || tickMs <= 0) return;
    // On the period's boundary (xx:xx:00 and :30 by default), so that a reminder fires within a period of its time.
    timer = setTimeout(
      () => {
        void claim().finally(schedule);
      },
      tickMs - (Date.now() % tickMs),
    );
    timer.unref();
  };

  if (tickMs > 0) void claim().finally(schedule);
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      await ctx.pool.close();
    },
  };
}
