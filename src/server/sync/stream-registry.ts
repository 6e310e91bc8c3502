// The open event streams of this process (GET /api/sync/events), counted and kept valid
// (docs/decisions/0056-bounded-event-streams.md): at most STREAMS_PER_USER per user and `max` in all; each is
// re-checked against its session or token at least every STREAM_RECHECK_MS of the server's clock, and ends when the
// check fails or the server closes.

/** Open streams one user may hold in one process: a few devices and tabs each, never thousands. */
export const STREAMS_PER_USER = 10;
/** A stream's session or token is checked again at least this often (on the app's clock). */
export const STREAM_RECHECK_MS = 5 * 60_000;
/** What a refused client is told to wait, in seconds. */
export const STREAM_RETRY_AFTER_S = 60;
/** How often (real time) the sweep looks for streams due a re-check; it runs only while streams are open. */
const SWEEP_MS = 1_000;

/** How a stream signed in: the signed session cookie's value, or an API token. */
export type StreamCredential = { kind: "session"; value: string } | { kind: "token"; token: string };

/** Whether the credential still signs in as this user (false also when it cannot be told). */
export type StillValid = (userId: string, credential: StreamCredential, now: Date) => Promise<boolean>;

type Entry = {
  userId: string;
  credential: StreamCredential;
  checkedAt: number;
  checking: boolean;
  /** Asked again while a check was under way: it may have read the session before the change. */
  again: boolean;
  ended: AbortController;
};

export type StreamPlace = { ended: AbortSignal; release: () => void };
export type StreamRefusal = { refused: "user" | "server" };

export type StreamRegistry = {
  /** A place for a new stream of the user, or why there is none; `release` when the stream ends. */
  admit: (userId: string, credential: StreamCredential) => StreamPlace | StreamRefusal;
  /** Checks the streams of the session's user again now (after a sign-out or another change of their account). */
  recheckSession: (value: string) => void;
  /** Checks the user's streams again now (after they revoked an API token). */
  recheckUser: (userId: string) => void;
  /** Streams open in this process. */
  size: () => number;
};

export function createStreamRegistry(options: {
  max: number;
  now: () => Date;
  stillValid: StillValid;
  /** Aborted when the server stops: every stream ends. */
  closing: AbortSignal;
}): StreamRegistry {
  const { max, now, stillValid, closing } = options;
  const byUser = new Map<string, Set<Entry>>();
  let total = 0;
  let sweep: ReturnType<typeof setInterval> | undefined;

  const entries = function* () {
    for (const set of byUser.values()) yield* set;
  };

  const check = (entry: Entry) => {
    if (entry.ended.signal.aborted) return;
    if (entry.checking) return void (entry.again = true);
    entry.checking = true;
    entry.again = false;
    const at = now();
    entry.checkedAt = at.getTime();
    void stillValid(entry.userId, entry.credential, at)
      .catch(() => false) // a check that cannot be made ends the stream: the client reconnects and signs in again
      .then((valid) => {
        entry.checking = false;
        if (!valid) entry.ended.abort();
        else if (entry.again) check(entry);
      });
  };

  const sweepDue = () => {
    const at = now().getTime();
    // A clock set back (a test, a corrected host) counts as due: the check's bound holds either way.
    for (const entry of entries())
      if (at - entry.checkedAt >= STREAM_RECHECK_MS || at < entry.checkedAt) check(entry);
  };

  const release = (entry: Entry) => {
    const set = byUser.get(entry.userId);
    if (!set?.delete(entry)) return;
    total--;
    if (set.size === 0) byUser.delete(entry.userId);
    if (total === 0) {
      clearInterval(sweep);
      sweep = undefined;
    }
  };

  closing.addEventListener("abort", () => {
    for (const entry of [...entries()]) entry.ended.abort();
  });

  return {
    admit(userId, credential) {
      if (total >= max) return { refused: "server" };
      const set = byUser.get(userId) ?? new Set<Entry>();
      if (set.size >= STREAMS_PER_USER) return { refused: "user" };
      const entry: Entry = {
        userId,
        credential,
        checkedAt: now().getTime(),
        checking: false,
        again: false,
        ended: new AbortController(),
      };
      if (closing.aborted) entry.ended.abort();
      set.add(entry);
      byUser.set(userId, set);
      total++;
      sweep ??= setInterval(sweepDue, SWEEP_MS).unref();
      return { ended: entry.ended.signal, release: () => release(entry) };
    },
    recheckSession(value) {
      const users = new Set<string>();
      for (const entry of entries())
        if (entry.credential.kind === "session" && entry.credential.value === value) users.add(entry.userId);
      for (const userId of users) for (const entry of byUser.get(userId) ?? []) check(entry);
    },
    recheckUser(userId) {
      for (const entry of byUser.get(userId) ?? []) check(entry);
    },
    size: () => total,
  };
}
