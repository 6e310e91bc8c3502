// The contract between the web app and the server (docs/decisions/0026): for every JSON route the web
// calls, the schema of its request and of its answer. The server validates requests with these schemas and a test
// parses its real answers with them; the web client (web/lib/api.ts) is typed from this table and parses each
// answer with it. zod: the web loads this module with import() (docs/decisions/0060).
import { z } from "./zod-schema";
import { BACKUP_NOT_AN_ARRAY, BACKUP_TOO_MANY, BACKUP_VERSION } from "./backup";
import { BackupGroupsSchema } from "./backup-groups-schema";
import { MAX_BACKUP_HABITS, MAX_PASSWORD_LENGTH } from "./constants";
import { LOCALES } from "./i18n/locales";
import {
  API_ERROR_CODES,
  API_TOKEN_SCOPES,
  MAX_API_TOKEN_DAYS,
  MAX_API_TOKEN_NAME_LENGTH,
  type ApiErrorBody,
  type ApiTokenScope,
} from "./contract";
import { exactly } from "./contract-exact-schema";
import type { Habit } from "./habit";
import { HABIT_KINDS, isAmount, isHabitRules, type HabitRule } from "./habit-kind";
import { LocalDateSchema } from "./local-date-schema";
import { MAX_NAME_LENGTH } from "./name";
import { DisplayNameSchema, GroupNameSchema } from "./name-schema";
import { isSchedule, type Schedule } from "./schedule";
import { MAX_PUSH_ENDPOINT_LENGTH } from "./reminders/limits";
import { isReminderTime } from "./reminders/reminder-time";
import { canonicalTimeZone } from "./reminders/time-zone";
// The answers' fault report is shared with the sync answers' own module, which the web app loads without this one.
import { describeAnswerIssues, HabitGroupSchema, type ParsedAnswer } from "./sync-answer-schema";
import { SyncPullQuerySchema, SyncPullSchema, SyncPushResultSchema, SyncPushSchema } from "./sync-schema";

export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);

/** What the server sends with every refusal (docs/api.md): only the codes of the contract. */
export const ApiErrorBodySchema = exactly<ApiErrorBody>()(
  z.strictObject({ error: z.strictObject({ code: ApiErrorCodeSchema, message: z.string().min(1) }) }),
);

// Requests.

export const MAX_DISPLAY_NAME_LENGTH = MAX_NAME_LENGTH;
export const MAX_PHOTO_URL_LENGTH = 2048;

// Only https: the photo is shown as an image on an https page, never followed as a javascript: or data: link.
export const PhotoUrlSchema = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .max(MAX_PHOTO_URL_LENGTH, `must be at most ${MAX_PHOTO_URL_LENGTH} characters`);

/**
 * PATCH /api/profile. The email is read-only (docs/product.md, "Accounts and sign-in"), so it is an unknown field
 * here.
 */
export const ProfilePatchSchema = z.strictObject({
  displayName: DisplayNameSchema.optional(),
  photoURL: PhotoUrlSchema.nullable().optional(),
  preferences: z
    .strictObject({
      theme: z.enum(["light", "dark"], { error: "must be light or dark" }).optional(),
      notifications: z.boolean({ error: "must be true or false" }).optional(),
      language: z
        .enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}, or null` })
        .nullable()
        .optional(),
    })
    .optional(),
});

/**
 * PUT /api/habits (import) body: the backup file as the app writes it, `{ version, groups, habits }`, or the bare
 * array of the SPEC's format and earlier releases. The array is checked here, each item as it is read
 * (habits/backup-items.ts); the groups here, in full (at most MAX_GROUPS).
 */
export const BackupItemsSchema = z.preprocess(
  (body, ctx) => {
    if (typeof body !== "object" || body === null || Array.isArray(body) || !("version" in body))
      return { habits: body };
    const { version, habits, groups } = body as { version: unknown; habits?: unknown; groups?: unknown };
    if (version === BACKUP_VERSION) return { habits, groups };
    ctx.addIssue({ code: "custom", message: `a backup of version ${String(version)} needs a newer app` });
    return z.NEVER;
  },
  z.object({
    habits: z.array(z.unknown(), { error: BACKUP_NOT_AN_ARRAY }).max(MAX_BACKUP_HABITS, BACKUP_TOO_MANY),
    groups: BackupGroupsSchema.optional(),
  }),
);

/** Migration body: the browser's local list. Unlike an import, one bad habit fails alone ("M failed"). */
export const LocalHabitsSchema = z
  .array(z.unknown(), { error: "the local habits must be a JSON array" })
  .max(MAX_BACKUP_HABITS, `at most ${MAX_BACKUP_HABITS} habits can be migrated`);

// Reminders.

/** A reminder time, "HH:MM" from 00:00 to 23:59 in the user's time zone. */
export const ReminderTimeSchema = z
  .string()
  .refine(isReminderTime, "must be a time HH:MM from 00:00 to 23:59");

/** PUT /api/reminders/time-zone: the browser's Intl.DateTimeFormat().resolvedOptions().timeZone; stored as the
 * runtime's canonical spelling. */
export const TimeZoneBodySchema = z.strictObject({
  timeZone: z
    .string({ error: "must be an IANA time zone name such as Europe/Berlin" })
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name);
      if (zone === null) {
        ctx.addIssue({ code: "custom", message: "must be an IANA time zone name such as Europe/Berlin" });
        return z.NEVER;
      }
      return zone;
    }),
});

/** PUT /api/reminders/email. */
export const ReminderEmailBodySchema = z.strictObject({
  enabled: z.boolean({ error: "must be true or false" }),
});

const ReminderHabitId = z.uuid({ error: "must be a habit id (a UUID)" });

/** POST /api/reminders: a daily time (no habitId, or null) or a habit's own time (replaces the one it had). */
export const NewReminderSchema = z.strictObject({
  time: ReminderTimeSchema,
  habitId: ReminderHabitId.nullable().optional(),
});

/** PUT /api/reminders/:id. */
export const ReminderUpdateSchema = z.strictObject({ time: ReminderTimeSchema });

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `must be ${what} (base64url)` })
    .min(min, `must be ${what} (base64url)`)
    .max(max, `must be ${what} (base64url)`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be ${what} (base64url)`);

/** An https push endpoint, or http on localhost / 127.0.0.1 (a local push service in tests and development). */
export const PushEndpointSchema = z
  .string({ error: "must be the push service's https URL" })
  .max(MAX_PUSH_ENDPOINT_LENGTH, `must be at most ${MAX_PUSH_ENDPOINT_LENGTH} characters`)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    if (url.username || url.password) return false;
    return (
      url.protocol === "https:" ||
      (url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1"))
    );
  }, "must be the push service's https URL");

/** POST /api/push/subscriptions: PushSubscription.toJSON() of the browser. */
export const PushSubscriptionBodySchema = z.strictObject({
  endpoint: PushEndpointSchema,
  keys: z.strictObject({
    // An uncompressed P-256 point is 65 bytes (87 characters), the auth secret 16 bytes (22 characters).
    p256dh: base64url("the subscription's p256dh key", 80, 100),
    auth: base64url("the subscription's auth secret", 16, 32),
  }),
  expirationTime: z.number().finite().nullable().optional(),
});

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeBodySchema = z.strictObject({ endpoint: PushEndpointSchema });

// Answers. Objects are not strict: a field a newer server adds must not break an app the service worker kept.

export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  // The language is a string: an app must not refuse a language that a newer server adds.
  preferences: z.object({
    theme: z.enum(["light", "dark"]),
    notifications: z.boolean(),
    language: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.output<typeof ProfileSchema>;

/** Public, non-secret facts the Settings screen shows (About and the feedback link). */
export const AppInfoSchema = z.object({ version: z.string(), feedbackEmail: z.string() });
export type AppInfo = z.output<typeof AppInfoSchema>;

/** Which sign-in buttons the login page shows (public; no secrets). */
export const AuthProvidersSchema = z.object({
  google: z.boolean(),
  oidc: z.object({ id: z.string(), label: z.string() }).nullable(),
});
export type AuthProviders = z.output<typeof AuthProvidersSchema>;

/**
 * A habit with the figures derived for the request's day (core/kind-habit.ts: deriveAnyHabit), with the history
 * fields optional: an answer of an earlier release (a cached app meeting an old server) still parses. Checked one way
 * (`satisfies`): a required field or a changed type is a compile error, and the contract test checks the answers.
 */
export const HabitSchema = z.object({
  id: z.string(),
  userId: z.string().optional(),
  name: z.string(),
  completedDates: z.array(LocalDateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  streakCount: z.number().int().min(0),
  bestStreak: z.number().int().min(0),
  lastCompletedDate: LocalDateSchema.nullable(),
  completedToday: z.boolean(),
  completionRate: z.number().min(0).max(100),
  skippedDates: z.array(LocalDateSchema).optional(),
  schedule: z.custom<Schedule | null>((value) => value === null || isSchedule(value)).optional(),
  archived: z.boolean().optional(),
  position: z.number().optional(),
  emoji: z.string().optional(),
  // Kinds, numbers and notes (docs/decisions/0061); absent from a server of an earlier release.
  kind: z.enum(HABIT_KINDS).optional(),
  rules: z
    .custom<HabitRule[]>((value) => isHabitRules("measurable", value) || isHabitRules("yesNo", value))
    .optional(),
  step: z.number().optional(),
  uuid: z.string().optional(),
  values: z.array(z.tuple([LocalDateSchema, z.custom<number>(isAmount)])).optional(),
  notes: z.array(z.tuple([LocalDateSchema, z.string()])).optional(),
  // Groups (docs/decisions/0070); absent from a server of an earlier release.
  groupId: z.string().nullable().optional(),
}) satisfies z.ZodType<Habit>;

// Groups of habits (docs/decisions/0070): REST for API tokens and scripts; the web app changes them by sync ops.

/** POST /api/groups: a new group, after the last. */
export const NewGroupSchema = z.strictObject({
  name: GroupNameSchema,
  folded: z.boolean({ error: "must be true or false" }).optional(),
});

/** PATCH /api/groups/:id: each given field replaced; at least one. */
export const GroupPatchSchema = z
  .strictObject({
    name: GroupNameSchema.optional(),
    position: z.number({ error: "must be a finite number" }).finite().optional(),
    folded: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine(
    (patch) => patch.name !== undefined || patch.position !== undefined || patch.folded !== undefined,
    "must change at least one of name, position and folded",
  );

export { HabitGroupSchema };

/** GET /api/groups: the user's groups, ascending by position. */
export const GroupListSchema = z.object({ groups: z.array(HabitGroupSchema) });

export const MigrationResultSchema = z.object({
  migrated: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.boolean(),
  habits: z.array(HabitSchema),
});
export type MigrationResult = z.output<typeof MigrationResultSchema>;

export const ReminderSchema = z.object({
  id: z.string(),
  time: z.string(),
  habitId: z.string().nullable(),
  /** The weekdays it rings on (0 Sunday); absent: every day. */
  weekdays: z.array(z.number().int().min(0).max(6)).optional(),
});
export type Reminder = z.output<typeof ReminderSchema>;

/** GET /api/reminders, and the answer of every change to the settings. */
export const ReminderSettingsSchema = z.object({
  timeZone: z.string().nullable(),
  /** enabled: mail goes out (off until the address is verified); verified: the address was confirmed by a link. */
  email: z.object({ enabled: z.boolean(), available: z.boolean(), verified: z.boolean() }),
  push: z.object({
    publicKey: z.string(),
    devices: z.number().int().min(0),
    // Devices dropped for failing again and again since the user last enabled push (optional: older servers).
    removed: z
      .object({ count: z.number().int().min(1), at: z.string() })
      .nullable()
      .optional(),
  }),
  reminders: z.array(ReminderSchema),
});
export type ReminderSettings = z.output<typeof ReminderSettingsSchema>;

/** POST /api/reminders/test: pushes the push services accepted, and whether a mail went out. */
export const ReminderTestResultSchema = z.object({ push: z.number().int().min(0), email: z.boolean() });
export type ReminderTestResult = z.output<typeof ReminderTestResultSchema>;

// API tokens (docs/decisions/0035-api-tokens.md): made and revoked signed in, in Settings.

export { API_TOKEN_SCOPES, MAX_API_TOKEN_DAYS, MAX_API_TOKEN_NAME_LENGTH, type ApiTokenScope };

/** POST /api/tokens. */
export const NewApiTokenSchema = z.strictObject({
  name: z
    .string({ error: "must be a name" })
    .trim()
    .min(1, "must not be empty")
    .max(MAX_API_TOKEN_NAME_LENGTH, `must be at most ${MAX_API_TOKEN_NAME_LENGTH} characters`),
  scope: z.enum(API_TOKEN_SCOPES, { error: "must be read-only or read-write" }),
  expiresInDays: z
    .number({ error: `must be a number of days from 1 to ${MAX_API_TOKEN_DAYS}, or null` })
    .int(`must be a whole number of days`)
    .min(1, "must be at least 1 day")
    .max(MAX_API_TOKEN_DAYS, `must be at most ${MAX_API_TOKEN_DAYS} days`)
    .nullable()
    .optional(),
  /** Needed when the session signed in more than RECENT_SIGN_IN_MS ago (server/tokens/recent-sign-in.ts). */
  currentPassword: z
    .string({ error: "must be the account's current password" })
    .min(1, "must not be empty")
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional(),
});

/** A token as listed: never the token itself, which only its creation answers, once. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiTokenInfo = z.output<typeof ApiTokenSchema>;

/** GET /api/tokens, and the answer of a revocation: the user's tokens, newest first. */
export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });

/** POST /api/tokens (201): the token, shown this once, and what the list will show of it. */
export const CreatedApiTokenSchema = z.object({ token: z.string(), apiToken: ApiTokenSchema });
export type CreatedApiToken = z.output<typeof CreatedApiTokenSchema>;

type RouteSpec = { query?: z.ZodType; json?: z.ZodType; response: z.ZodType };

/** Every JSON route the web app calls, by "METHOD /path". Better Auth's /api/auth/* has its own client. */
export const contract = {
  "GET /api/auth-providers": { response: AuthProvidersSchema },
  "GET /api/app-info": { response: AppInfoSchema },
  "GET /api/profile": { response: ProfileSchema },
  "PATCH /api/profile": { json: ProfilePatchSchema, response: ProfileSchema },
  "POST /api/habits/migrate": { json: LocalHabitsSchema, response: MigrationResultSchema },
  "PUT /api/habits": { json: BackupItemsSchema, response: z.array(HabitSchema) },
  // A Loop import's "add to my habits"; the body of PUT /api/habits, the whole list answered.
  "POST /api/habits/import": { json: BackupItemsSchema, response: z.array(HabitSchema) },
  "GET /api/sync": { query: SyncPullQuerySchema, response: SyncPullSchema },
  "POST /api/sync/push": { json: SyncPushSchema, response: SyncPushResultSchema },
  // Reminders. A path with ":id" is called with the reminder's id in its place.
  "GET /api/reminders": { response: ReminderSettingsSchema },
  "PUT /api/reminders/time-zone": { json: TimeZoneBodySchema, response: ReminderSettingsSchema },
  "PUT /api/reminders/email": { json: ReminderEmailBodySchema, response: ReminderSettingsSchema },
  "POST /api/reminders": { json: NewReminderSchema, response: ReminderSchema }, // 201
  "PUT /api/reminders/:id": { json: ReminderUpdateSchema, response: ReminderSchema },
  "DELETE /api/reminders/:id": { response: ReminderSettingsSchema },
  "POST /api/reminders/test": { response: ReminderTestResultSchema },
  "POST /api/push/subscriptions": { json: PushSubscriptionBodySchema, response: ReminderSettingsSchema },
  "DELETE /api/push/subscriptions": { json: PushUnsubscribeBodySchema, response: ReminderSettingsSchema },
  // API tokens.
  "GET /api/tokens": { response: ApiTokenListSchema },
  "POST /api/tokens": { json: NewApiTokenSchema, response: CreatedApiTokenSchema }, // 201
  "DELETE /api/tokens/:id": { response: ApiTokenListSchema },
} as const satisfies Record<string, RouteSpec>;

export type Contract = typeof contract;
export type Route = keyof Contract;
/** What a route answers, as its schema parses it. */
export type RouteAnswer<R extends Route> = z.output<Contract[R]["response"]>;
/** What a client may send as a route's JSON body (the schema's input); never for a route without one. */
export type RouteBody<R extends Route> = Contract[R] extends { json: z.ZodType }
  ? z.input<Contract[R]["json"]>
  : never;
/** A route's query parameters as a client gives them; never for a route without them. */
export type RouteQuery<R extends Route> = Contract[R] extends { query: z.ZodType }
  ? z.input<Contract[R]["query"]>
  : never;

type ResponseSchemas = { [R in Route]: { response: z.ZodType<RouteAnswer<R>> } };
const responses: ResponseSchemas = contract;

/** A route's answer parsed by its response schema, or what is wrong with it (the web's client, web/lib/api.ts). */
export function parseAnswer<R extends Route>(route: R, answer: unknown): ParsedAnswer<RouteAnswer<R>> {
  const parsed = responses[route].response.safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fault: describeAnswerIssues(parsed.error.issues) };
}
