// Every route of the API, for the OpenAPI document (document.ts): the contract's table (core/contract-schema.ts)
// with a summary each, the routes the web does not call (the REST habit routes, health, the event stream, this
// document), and the Better Auth endpoints the web calls (auth-routes.ts).
import { z } from "zod";
import {
  contract,
  GroupListSchema,
  GroupPatchSchema,
  HabitGroupSchema,
  HabitSchema,
  NewGroupSchema,
  type Route,
} from "../../core/contract-schema";
import { HabitPatchSchema, NewHabitSchema } from "../../core/habit-schema";
import { LocalDateSchema } from "../../core/local-date-schema";
import { authRoutes } from "./auth-routes";
import type { Access, DocRoute, Method } from "./doc-route";

export type { DocBody, DocRoute } from "./doc-route";

type Meta = { tag: string; summary: string; description?: string; status?: number; access?: Access };

const HABIT_PARAMS = { id: z.uuid() };
const GROUP_PARAMS = { id: z.uuid() };

/** What the document says of each route of the contract; a route missing here is listed with a summary of its own
 * path (openapi.test.ts names it). */
export const CONTRACT_META: Partial<Record<Route, Meta>> = {
  "GET /api/auth-providers": { tag: "App", summary: "Which sign-in buttons to show", access: "public" },
  "GET /api/app-info": { tag: "App", summary: "The server's version and feedback address", access: "public" },
  "GET /api/profile": { tag: "Profile", summary: "The signed-in user's profile" },
  "PATCH /api/profile": { tag: "Profile", summary: "Change the display name, photo or preferences" },
  "POST /api/habits/migrate": {
    tag: "Habits",
    summary: "Copy the browser's local habits into a new account",
    description: "Copies nothing when the account has habits already (skipped: true); reruns copy once.",
  },
  "PUT /api/habits": {
    tag: "Habits",
    summary: "Replace every habit with a backup file's (import)",
    description: "One transaction: any invalid item answers 400 and nothing changes.",
  },
  "POST /api/habits/import": {
    tag: "Habits",
    summary: "Add a backup's habits after the user's own",
    description: "One transaction; the habits held stay as they are.",
  },
  "GET /api/sync": {
    tag: "Sync",
    summary: "Changes after a cursor (a page)",
    description: "Ask again with the answered cursor while more is true.",
  },
  "POST /api/sync/push": { tag: "Sync", summary: "Apply a device's queued ops, each once per opId" },
  "GET /api/reminders": { tag: "Reminders", summary: "Reminder settings, times and devices" },
  "PUT /api/reminders/time-zone": { tag: "Reminders", summary: "Set the user's IANA time zone" },
  "PUT /api/reminders/email": { tag: "Reminders", summary: "Turn the e-mail digest on or off" },
  "POST /api/reminders": { tag: "Reminders", summary: "Add a reminder time", status: 201 },
  "PUT /api/reminders/:id": { tag: "Reminders", summary: "Change a reminder's time" },
  "DELETE /api/reminders/:id": { tag: "Reminders", summary: "Delete a reminder" },
  "POST /api/reminders/test": { tag: "Reminders", summary: "Send a test reminder on every channel now" },
  "POST /api/push/subscriptions": { tag: "Reminders", summary: "Register this device for push reminders" },
  "DELETE /api/push/subscriptions": { tag: "Reminders", summary: "Unregister a device from push reminders" },
  "GET /api/tokens": { tag: "API tokens", summary: "The user's API tokens", access: "session" },
  "POST /api/tokens": {
    tag: "API tokens",
    summary: "Make an API token",
    description:
      "The answer is the only time the token is shown: only its SHA-256 is stored. A session signed in more than " +
      "10 minutes ago must send currentPassword (else 403 RECENT_SIGN_IN_REQUIRED; a wrong one 403 " +
      "INVALID_PASSWORD; too many attempts 429). At most 20 tokens (409 TOKEN_LIMIT). A password reset or change " +
      "revokes every token of the account.",
    status: 201,
    access: "session",
  },
  "DELETE /api/tokens/:id": { tag: "API tokens", summary: "Revoke an API token", access: "session" },
};

const fromContract = (): DocRoute[] =>
  Object.entries(contract).map(([route, spec]) => {
    const [method, path] = route.split(" ") as [Method, string];
    const meta: Meta = CONTRACT_META[route as Route] ?? { tag: "Other", summary: route };
    return {
      method,
      path,
      tag: meta.tag,
      summary: meta.summary,
      description: meta.description,
      access: meta.access ?? "user",
      query: "query" in spec ? spec.query : undefined,
      json: "json" in spec ? spec.json : undefined,
      localDate: path.startsWith("/api/habits") || path.startsWith("/api/sync/push"),
      success: { [meta.status ?? 200]: { json: spec.response } },
    };
  });

/** Routes outside the contract: the web does not call them, integrations do. */
const OTHER_ROUTES: DocRoute[] = [
  {
    method: "GET",
    path: "/api/health",
    tag: "App",
    summary: "Whether the server and its database answer",
    access: "public",
    success: {
      200: { json: z.object({ status: z.literal("ok"), database: z.literal("ok") }) },
      503: { json: z.object({ status: z.literal("error"), database: z.literal("unreachable") }) },
    },
    errors: [500],
  },
  {
    method: "GET",
    path: "/api/habits",
    tag: "Habits",
    summary: "Every habit with its figures for the user's day",
    description: "By position, then newest first.",
    access: "user",
    localDate: true,
    success: { 200: { json: z.array(HabitSchema) } },
  },
  {
    method: "POST",
    path: "/api/habits",
    tag: "Habits",
    summary: "Create a habit",
    description: "First on Today: its position is below every other.",
    access: "user",
    json: NewHabitSchema,
    localDate: true,
    success: { 201: { json: HabitSchema } },
  },
  {
    method: "PATCH",
    path: "/api/habits/:id",
    tag: "Habits",
    summary: "Rename a habit, or put it in a group",
    description: "groupId: one of the user's groups (else 404 GROUP_NOT_FOUND), or null: ungrouped.",
    access: "user",
    params: HABIT_PARAMS,
    json: HabitPatchSchema,
    localDate: true,
    success: { 200: { json: HabitSchema } },
  },
  {
    method: "DELETE",
    path: "/api/habits/:id",
    tag: "Habits",
    summary: "Delete a habit and its days",
    access: "user",
    params: HABIT_PARAMS,
    localDate: true,
    success: { 204: "none" },
  },
  {
    method: "PUT",
    path: "/api/habits/:id/completions/:date",
    tag: "Habits",
    summary: "Mark a day done (idempotent)",
    description:
      "Any day from 2000-01-01 up to the user's today (X-Local-Date when sent, else the server's UTC date plus one).",
    access: "user",
    params: { ...HABIT_PARAMS, date: LocalDateSchema },
    localDate: true,
    success: { 200: { json: HabitSchema } },
  },
  {
    method: "DELETE",
    path: "/api/habits/:id/completions/:date",
    tag: "Habits",
    summary: "Return a day to nothing (idempotent)",
    access: "user",
    params: { ...HABIT_PARAMS, date: LocalDateSchema },
    localDate: true,
    success: { 200: { json: HabitSchema } },
  },
  {
    method: "GET",
    path: "/api/groups",
    tag: "Groups",
    summary: "The user's groups of habits, in their order",
    description: "A habit names its group by groupId (null: ungrouped); Today shows ungrouped habits first.",
    access: "user",
    success: { 200: { json: GroupListSchema } },
  },
  {
    method: "POST",
    path: "/api/groups",
    tag: "Groups",
    summary: "Add a group, after the last",
    description: "At most 50 groups (409 GROUP_LIMIT); no two with the same name (409 GROUP_NAME_TAKEN).",
    access: "user",
    json: NewGroupSchema,
    success: { 201: { json: HabitGroupSchema } },
  },
  {
    method: "PATCH",
    path: "/api/groups/:id",
    tag: "Groups",
    summary: "Rename, move or fold a group",
    description:
      "A move takes a position between its new neighbours'; a name in use answers 409 GROUP_NAME_TAKEN.",
    access: "user",
    params: GROUP_PARAMS,
    json: GroupPatchSchema,
    success: { 200: { json: HabitGroupSchema } },
  },
  {
    method: "DELETE",
    path: "/api/groups/:id",
    tag: "Groups",
    summary: "Delete a group; its habits become ungrouped",
    access: "user",
    params: GROUP_PARAMS,
    success: { 204: "none" },
  },
  {
    method: "GET",
    path: "/api/sync/events",
    tag: "Sync",
    summary: "Server-sent events: a change event after every write of the user",
    description:
      'event: change, data: {"cursor":"…"}; a heartbeat comment every 25 s. At most 10 open streams per ' +
      "account and SYNC_STREAMS_MAX per server process (429 STREAM_LIMIT with Retry-After); a stream ends " +
      "when its session or token does (checked at least every 5 minutes, and at once at sign-out).",
    access: "user",
    success: { 200: "events" },
    errors: [401, 403, 404, 429, 500],
  },
  {
    method: "GET",
    path: "/api/reminders/unsubscribe",
    tag: "Reminders",
    summary: "The page of the link in a reminder mail: one button that turns the e-mail digest off",
    description: "Changes nothing: a mail scanner that opens the link unsubscribes no one.",
    access: "public",
    query: z.object({ token: z.string() }),
    success: { 200: "html" },
    errors: [400, 500],
    errorBody: "html",
  },
  {
    method: "POST",
    path: "/api/reminders/unsubscribe",
    tag: "Reminders",
    summary: "Turn the e-mail digest off: the page's button, or one-click unsubscribe (RFC 8058)",
    access: "public",
    query: z.object({ token: z.string() }),
    success: { 200: "html" },
    errors: [400, 413, 500],
    errorBody: "html",
  },
  {
    method: "GET",
    path: "/api/verify-email",
    tag: "App",
    summary: "The page of the link in a verification mail: one button that confirms the address",
    description: "Changes nothing: a mail scanner that opens the link confirms no address.",
    access: "public",
    query: z.object({ token: z.string() }),
    success: { 200: "html" },
    errors: [500],
    errorBody: "html",
  },
  {
    method: "POST",
    path: "/api/verify-email",
    tag: "App",
    summary: "Confirm the account's address with the token of a verification mail",
    access: "public",
    query: z.object({ token: z.string() }),
    success: { 200: "html" },
    errors: [400, 413, 500],
    errorBody: "html",
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "App",
    summary: "This document",
    access: "public",
    success: { 200: "json-object", 304: "none" },
    errors: [500],
  },
  {
    method: "GET",
    path: "/api/docs",
    tag: "App",
    summary: "This document as a page to read",
    access: "public",
    success: { 200: "html", 304: "none" },
    errors: [500],
  },
];

/** The refusals a route can answer, from who may call it, its method and its input. */
export function defaultErrors(route: DocRoute): number[] {
  const errors = new Set([500]);
  const writes = route.method !== "GET";
  if (route.access !== "public") [401, 403, 404].forEach((s) => errors.add(s));
  if (writes || route.query || route.json || route.params || route.localDate) errors.add(400);
  if (writes) [409, 413, 429].forEach((s) => errors.add(s));
  return [...errors].sort((a, b) => a - b);
}

export const apiRoutes = (): DocRoute[] => [...fromContract(), ...OTHER_ROUTES, ...authRoutes];
