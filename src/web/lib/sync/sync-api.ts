// The web client of the sync protocol (src/core/sync.ts). Answers are parsed by the contract's schemas
// (core/sync-schema.ts) in apiRequest: a malformed one rejects with ApiError BAD_RESPONSE, never reaches the store.
import type { SyncOp, SyncPull, SyncPushResult } from "../../../core/sync";
import { apiRequest } from "../api-request";

export const syncApi = {
  pull: (cursor: string, limit?: number): Promise<SyncPull> =>
    apiRequest("GET /api/sync", { query: { cursor, limit } }),
  push: (ops: readonly SyncOp[]): Promise<SyncPushResult> =>
    apiRequest("POST /api/sync/push", { body: { ops: [...ops] } }),
};
