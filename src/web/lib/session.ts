// The session as the first screen needs it, without Better Auth's client (docs/decisions/0060): the same request
// (GET /api/auth/get-session) and the same refetch rules as its useSession, which lib/auth-client.ts (loaded on
// use, for sign-in, sign-out and account changes) keeps in step through sessionChanged and broadcastSession.
import { useSyncExternalStore } from "react";

export type SessionUser = { id: string; name: string; email: string; image?: string | null };
export type SessionData = { user: SessionUser; session: Record<string, unknown> };
export type SessionState = {
  data: SessionData | null;
  error: unknown;
  isPending: boolean;
  isRefetching: boolean;
};

const GET_SESSION_URL = "/api/auth/get-session";
/** Better Auth's tab-to-tab message (its WindowBroadcastChannel): a sign-out or rename in one tab reaches the rest. */
export const SESSION_BROADCAST_KEY = "better-auth.message";
/** As Better Auth: a tab that becomes visible (or comes online) asks again at most once in this many seconds. */
export const FOCUS_REFETCH_GAP_S = 5;

/** A non-2xx answer, shaped like Better Auth's fetch error. */
export class SessionFetchError extends Error {
  readonly status: number;
  constructor(status: number, statusText: string) {
    super(statusText || `HTTP ${status}`);
    this.name = "SessionFetchError";
    this.status = status;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const isString = (value: unknown): value is string => typeof value === "string";

/** The answer's session, null when signed out, undefined when it is not a session at all. */
export function readSession(value: unknown): SessionData | null | undefined {
  if (value === null || (isRecord(value) && value.user === null && value.session === null)) return null;
  if (!isRecord(value) || !isRecord(value.user) || !isRecord(value.session)) return undefined;
  const { id, name, email, image } = value.user;
  if (!isString(id) || !isString(name) || !isString(email)) return undefined;
  if (image !== undefined && image !== null && !isString(image)) return undefined;
  return { user: { ...value.user, id, name, email, image }, session: value.session };
}

let state: SessionState = { data: null, error: null, isPending: true, isRefetching: false };
const listeners = new Set<() => void>();
let flight: AbortController | undefined;
let lastFocusRefetch = 0;
let started = false;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function set(next: SessionState) {
  // An equal session keeps its object, so effects keyed on it do not run again.
  const data = next.data && state.data && same(next.data, state.data) ? state.data : next.data;
  const { error, isPending, isRefetching } = next;
  const unchanged = data === state.data && error === state.error && isPending === state.isPending;
  if (unchanged && isRefetching === state.isRefetching) return;
  state = { data, error, isPending, isRefetching };
  for (const listener of listeners) listener();
}

async function request(signal: AbortSignal): Promise<SessionData | null> {
  const response = await fetch(GET_SESSION_URL, { credentials: "include", signal });
  if (!response.ok) throw new SessionFetchError(response.status, response.statusText);
  const text = await response.text();
  const session = readSession(text ? JSON.parse(text) : null);
  if (session === undefined) throw new SessionFetchError(response.status, "Not a session");
  return session;
}

/** Asks the server again; a request still under way is dropped for this one. */
export async function refetchSession(): Promise<void> {
  flight?.abort();
  const controller = new AbortController();
  flight = controller;
  set({ ...state, isPending: state.data === null, isRefetching: true, error: null });
  try {
    const data = await request(controller.signal);
    if (controller.signal.aborted) return;
    set({ data, error: null, isPending: false, isRefetching: false });
  } catch (error) {
    if (controller.signal.aborted) return;
    // Signed out on the server (401) drops the session; any other failure (offline, 5xx) keeps what we had.
    const signedOut = error instanceof SessionFetchError && error.status === 401;
    set({ data: signedOut ? null : state.data, error, isPending: false, isRefetching: false });
  } finally {
    if (flight === controller) flight = undefined;
  }
}

/** After an action that changes the session (sign-in, sign-out, rename, password reset, a 401 from our API). */
export function sessionChanged(): void {
  void refetchSession();
}

/** Tells the other tabs, as Better Auth's client does after a sign-out or an account update. */
export function broadcastSession(trigger: "signout" | "updateUser"): void {
  const message = {
    event: "session",
    data: { trigger },
    clientId: Math.random().toString(36).substring(7),
    timestamp: Math.floor(Date.now() / 1000),
  };
  try {
    window.localStorage.setItem(SESSION_BROADCAST_KEY, JSON.stringify(message));
  } catch {
    // Storage unavailable: the other tabs notice at their next focus.
  }
}

const refetchOnFocus = () => {
  if (!navigator.onLine) return;
  const now = Math.floor(Date.now() / 1000);
  if (now - lastFocusRefetch < FOCUS_REFETCH_GAP_S) return;
  lastFocusRefetch = now;
  void refetchSession();
};

function onStorage(event: StorageEvent) {
  if (event.key !== SESSION_BROADCAST_KEY || !navigator.onLine) return;
  try {
    const message: unknown = JSON.parse(event.newValue ?? "{}");
    if (isRecord(message) && message.event === "session" && message.data) void refetchSession();
  } catch {
    // Not a message of ours.
  }
}

const onVisible = () => {
  if (document.visibilityState === "visible") refetchOnFocus();
};

/** The first reader asks the server; while anyone reads, focus, reconnection and other tabs make it ask again. */
function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refetchOnFocus);
    window.addEventListener("storage", onStorage);
  }
  listeners.add(listener);
  if (!started) {
    started = true;
    void refetchSession();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("online", refetchOnFocus);
    window.removeEventListener("storage", onStorage);
  };
}

const snapshot = () => state;

/** The session and its request state, as Better Auth's useSession gives them (data, error, isPending). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
