// How much one POST /api/sync/push may carry. A device splits its outbox by this as well as by
// SYNC_MAX_OPS (web/lib/sync/sync-loop.ts), so that a batch of long names never meets the server's body limit.

/** The server's body limit for API requests other than a backup (src/server/app.ts), in bytes of UTF-8 JSON.
 * An API test sends a push of exactly this size, and one of a byte more. */
export const SYNC_PUSH_MAX_BYTES = 64 * 1024;
