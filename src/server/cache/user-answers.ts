// Answers kept per user until their data changes (docs/decisions/0059-server-read-path.md). Every write of a user takes
// a new number from their change counter (sync_state.version, sync/versions.repo.ts) in its transaction, so an
// answer built after reading the counter is still right while the counter holds that number: the key is the
// counter plus whatever else the answer depends on (the user's today). A write from another device or another
// process moves the counter, and the next request builds the answer again.
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";

const gzip = promisify(gzipCallback);

export type CachedAnswer = {
  key: string;
  body: string;
  /** The body's length in bytes. */
  size: number;
  /** What the answer holds in memory: the body, and its gzipped copy once made. */
  bytes: number;
  /** The body gzipped, made on the first request that accepts gzip (on libuv's threads, not the event loop). */
  gzipped?: Promise<Uint8Array<ArrayBuffer>>;
};

/** At most `maxBytes` of bodies (gzipped copies count too); the least recently used user goes first. */
export function createUserAnswers(maxBytes: number) {
  const answers = new Map<string, CachedAnswer>();
  let total = 0;

  const drop = (userId: string) => {
    const answer = answers.get(userId);
    if (!answer) return;
    answers.delete(userId);
    total -= answer.bytes;
  };

  const fit = () => {
    for (const userId of answers.keys()) {
      if (total <= maxBytes) break;
      drop(userId);
    }
  };

  return {
    /** The user's answer for `key`, or undefined when there is none or it was built for another key. */
    get(userId: string, key: string): CachedAnswer | undefined {
      const answer = answers.get(userId);
      if (!answer || answer.key !== key) return undefined;
      answers.delete(userId); // most recently used last
      answers.set(userId, answer);
      return answer;
    },
    /** Keeps `body` as the user's answer for `key`, replacing any other. */
    set(userId: string, key: string, body: string): CachedAnswer {
      drop(userId);
      const size = Buffer.byteLength(body);
      const answer: CachedAnswer = { key, body, size, bytes: size };
      if (answer.bytes > maxBytes) return answer;
      answers.set(userId, answer);
      total += answer.bytes;
      fit();
      return answer;
    },
    /** The answer's body gzipped, made once. */
    gzipped(userId: string, answer: CachedAnswer): Promise<Uint8Array<ArrayBuffer>> {
      if (!answer.gzipped) {
        answer.gzipped = gzip(answer.body).then((buffer) => new Uint8Array(buffer));
        void answer.gzipped.then(
          (buffer) => {
            if (answers.get(userId) !== answer) return;
            answer.bytes += buffer.length;
            total += buffer.length;
            fit();
          },
          () => undefined,
        );
      }
      return answer.gzipped;
    },
    /** Bytes kept (for tests). */
    bytes: () => total,
  };
}

export type UserAnswers = ReturnType<typeof createUserAnswers>;
