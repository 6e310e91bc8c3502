// Generated requests over every route: no answer is a 5xx, and no refused request changes data.
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../test/support/databases";
import { TEST_DAY, useTestServer, type TestUser } from "../../test/support/api-server";

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

// The routes and their methods; one request in eight gets another method.
const ROUTES: [method: string, path: string][] = [
  ["GET", "/api/habits"],
  ["POST", "/api/habits"],
  ["PUT", "/api/habits"],
  ["POST", "/api/habits/migrate"],
  ["PATCH", "/api/habits/{id}"],
  ["DELETE", "/api/habits/{id}"],
  ["PUT", "/api/habits/{id}/completions/{date}"],
  ["DELETE", "/api/habits/{id}/completions/{date}"],
  ["GET", "/api/groups"],
  ["POST", "/api/groups"],
  ["PATCH", "/api/groups/{id}"],
  ["DELETE", "/api/groups/{id}"],
  ["GET", "/api/profile"],
  ["PATCH", "/api/profile"],
  ["GET", "/api/health"],
  ["GET", "/api/app-info"],
  ["GET", "/api/auth-providers"],
  ["POST", "/api/auth/update-user"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/auth/change-password"],
  ["POST", "/api/auth/request-password-reset"],
  ["POST", "/api/auth/reset-password"],
  ["GET", "/api/auth/get-session"],
  ["GET", "/api/sync?cursor={date}&limit={id}"],
  ["POST", "/api/sync/push"],
  ["GET", "/api/sync/events"],
  ["GET", "/api/reminders"],
  ["PUT", "/api/reminders/time-zone"],
  ["PUT", "/api/reminders/email"],
  ["POST", "/api/reminders"],
  ["PUT", "/api/reminders/{id}"],
  ["DELETE", "/api/reminders/{id}"],
  ["POST", "/api/reminders/test"],
  ["GET", "/api/reminders/unsubscribe?token={date}"],
  ["POST", "/api/reminders/unsubscribe?token={id}"],
  ["GET", "/api/verify-email?token={id}"],
  ["POST", "/api/verify-email?token={date}"],
  ["POST", "/api/auth/send-verification-email"],
  ["POST", "/api/push/subscriptions"],
  ["DELETE", "/api/push/subscriptions"],
  ["GET", "/api/no-such-route"],
];

const OP_IDS = Array.from({ length: 4 }, () => crypto.randomUUID());
const weirdText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 120 }),
  fc.constantFrom(
    "",
    " ",
    "Read",
    "x\ud800y",
    "\u202eevil",
    "a\u0085b",
    "\u0000",
    "e\u0301",
    "<script>alert(1)</script>",
    "x".repeat(101),
    "x".repeat(5000),
    "'; drop table habits; --",
  ),
);
const dateText = fc.oneof(
  { arbitrary: fc.constantFrom(TEST_DAY, "2026-11-20", "2026-11-22"), weight: 6 },
  fc.constantFrom(
    TEST_DAY,
    "2026-11-20",
    "2026-11-22",
    "2026-11-23",
    "9999-12-31",
    "2026-02-30",
    "0000-01-01",
  ),
  fc.constantFrom("2000-01-01", "1999-12-31", "2026-13-01", "20261121", "today"),
  fc.string({ maxLength: 12 }),
);
const backupItem = fc.record(
  { name: weirdText, completedDates: fc.array(dateText, { maxLength: 6 }), streakCount: fc.anything() },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { arbitrary: fc.record({ name: fc.string({ minLength: 1, maxLength: 30 }) }), weight: 3 },
  {
    arbitrary: fc.array(
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 30 }),
        completedDates: fc.uniqueArray(fc.constantFrom(TEST_DAY, "2026-11-20", "2026-01-01")),
      }),
      { maxLength: 3 },
    ),
    weight: 2,
  },
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ name: weirdText }, { requiredKeys: [] }),
  // Groups, and a habit's group.
  fc.record(
    {
      name: weirdText,
      position: fc.oneof(fc.double(), fc.anything()),
      folded: fc.oneof(fc.boolean(), fc.anything()),
      groupId: fc.oneof(fc.constant(null), fc.constantFrom(...OP_IDS), weirdText),
    },
    { requiredKeys: [] },
  ),
  fc.array(backupItem, { maxLength: 4 }),
  fc.record(
    {
      displayName: weirdText,
      photoURL: fc.oneof(fc.constant(null), fc.webUrl(), weirdText),
      preferences: fc.record({ theme: weirdText, notifications: fc.anything() }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    { email: weirdText, password: weirdText, name: weirdText, image: weirdText, token: weirdText },
    { requiredKeys: [] },
  ),
  // Reminders: times, zones, the digest switch and push subscriptions (a local endpoint that refuses
  // connections, so that a test reminder fails fast).
  fc.record(
    {
      time: fc.oneof(fc.constantFrom("07:00", "20:30", "23:59", "24:00", "7:00"), weirdText),
      habitId: fc.oneof(fc.constant(null), fc.constantFrom(...OP_IDS), weirdText),
      timeZone: fc.oneof(fc.constantFrom("Europe/Berlin", "UTC", "Mars/Base", "+01:00"), weirdText),
      enabled: fc.oneof(fc.boolean(), fc.anything()),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      endpoint: fc.oneof(
        fc.constantFrom("http://127.0.0.1:9/push/1", "https://user:pw@push.example/x", "ftp://x"),
        weirdText,
      ),
      keys: fc.record(
        {
          p256dh: fc.oneof(fc.constant("B" + "A".repeat(86)), weirdText),
          auth: fc.oneof(fc.constant("A".repeat(22)), weirdText),
        },
        { requiredKeys: [] },
      ),
      expirationTime: fc.oneof(fc.constant(null), fc.anything()),
    },
    { requiredKeys: ["endpoint"] },
  ),
  // Sync pushes: a few op ids reused, so that replays and duplicates within a push happen too.
  fc.record({
    ops: fc.array(
      fc.record(
        {
          opId: fc.oneof(fc.constantFrom(...OP_IDS), weirdText),
          type: fc.constantFrom(
            "createHabit",
            "renameHabit",
            "deleteHabit",
            "setCompletion",
            "updateHabit",
            "createGroup",
            "updateGroup",
            "deleteGroup",
            "other",
          ),
          habitId: fc.oneof(fc.constantFrom(...OP_IDS), weirdText),
          groupId: fc.oneof(fc.constant(null), fc.constantFrom(...OP_IDS), weirdText),
          position: fc.oneof(fc.double(), fc.anything()),
          folded: fc.oneof(fc.boolean(), fc.anything()),
          name: weirdText,
          date: dateText,
          done: fc.oneof(fc.boolean(), fc.anything()),
        },
        { requiredKeys: ["opId", "type"] },
      ),
      { maxLength: 5 },
    ),
  }),
);

type Request = {
  route: [string, string];
  otherMethod: string | null;
  /** A number picks one of the user's current habits; a string is used as it is. */
  id: number | string;
  date: string;
  body: unknown;
  raw: string | null;
  contentType: string | null;
  cookie: "own" | "none" | "forged";
  origin: "own" | "evil" | "none";
  localDate: string | null;
};

describe.each(testDialects())("fuzzed requests on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  let ids: string[];

  beforeAll(async () => {
    alice = await t.signUp();
    const bob = await t.signUp();
    const own = await t.call<{ id: string }>(alice, "POST", "/api/habits", { json: { name: "Read" } });
    const other = await t.call<{ id: string }>(bob, "POST", "/api/habits", { json: { name: "Walk" } });
    ids = [own.body.id, other.body.id, crypto.randomUUID(), "not-a-uuid", "%2e%2e", "x".repeat(300)];
  });

  async function ownHabit(index: number): Promise<string> {
    const rows = await t.running.database.db
      .selectFrom("habits")
      .select("id")
      .where("user_id", "=", alice.id)
      .orderBy("id")
      .execute();
    return rows.length ? rows[index % rows.length]!.id : ids[2]!;
  }

  /** Every row a client can change; sessions and rate-limit counters are bookkeeping, not data. */
  async function snapshot(): Promise<string> {
    const db = t.running.database.db;
    const tables = [
      "user",
      "profiles",
      "habits",
      "completions",
      "account",
      "reminder_settings",
      "reminders",
      "push_subscriptions",
      "user_settings",
    ];
    const rows = await Promise.all(
      tables.map((table) => sql`select * from ${sql.table(table)}`.execute(db).then((r) => r.rows)),
    );
    return JSON.stringify(rows.map((list) => list.map((row) => JSON.stringify(row)).sort()));
  }

  it(`answers ${RUNS} generated requests without a 5xx, and refusals change nothing`, async () => {
    const request = fc.record<Request>({
      route: fc.constantFrom(...ROUTES),
      otherMethod: fc.oneof(
        { arbitrary: fc.constant(null), weight: 7 },
        { arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), weight: 1 },
      ),
      id: fc.oneof({ arbitrary: fc.nat(), weight: 4 }, fc.constantFrom(...ids)),
      date: dateText,
      body,
      raw: fc.oneof(
        { arbitrary: fc.constant(null), weight: 8 },
        fc.string({ maxLength: 50 }),
        fc.constant("{"),
      ),
      contentType: fc.constantFrom(
        "application/json",
        "application/json",
        "application/json",
        "text/plain",
        null,
      ),
      cookie: fc.constantFrom("own", "own", "own", "own", "own", "own", "none", "forged"),
      origin: fc.constantFrom("own", "own", "own", "own", "own", "own", "evil", "none"),
      localDate: fc.oneof({ arbitrary: fc.constant(null), weight: 5 }, dateText),
    });
    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        // The per-user write limit would refuse most writes after a while: a minute passes every 200 requests.
        if (++count % 200 === 0) t.clock.advance(61_000);
        const method = r.otherMethod ?? r.route[0];
        const id = typeof r.id === "string" ? r.id : await ownHabit(r.id);
        const path = r.route[1]
          .replace("{id}", encodeURIComponent(id))
          .replace("{date}", encodeURIComponent(r.date));
        const headers: Record<string, string> = {};
        if (r.cookie === "own") headers.cookie = alice.cookie;
        if (r.cookie === "forged") headers.cookie = "better-auth.session_token=forged.value";
        if (r.origin === "own") headers.origin = t.url;
        if (r.origin === "evil") headers.origin = "https://evil.example";
        if (r.contentType) headers["content-type"] = r.contentType;
        if (r.localDate !== null) headers["x-local-date"] = r.localDate;
        const payload = r.raw ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
        const withBody = method !== "GET" && payload !== undefined;
        const before = await snapshot();
        const res = await t.running.app.request(`${t.url}${path}`, {
          method,
          headers,
          body: withBody ? payload : undefined,
        });
        // An accepted event stream stays open: its status is the answer.
        const text = path.endsWith("/events") && res.ok ? (await res.body?.cancel(), "") : await res.text();
        expect(
          res.status,
          `${method} ${path} ${payload?.slice(0, 200)} → ${text.slice(0, 300)}`,
        ).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await snapshot(), `${method} ${path} was refused with ${res.status} but changed data`).toBe(
            before,
          );
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
