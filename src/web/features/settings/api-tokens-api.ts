// The API tokens' routes of the contract (core/contract-schema.ts), as Settings calls them.
import type { ApiTokenInfo, CreatedApiToken, RouteBody } from "../../../core/contract-schema";
import { apiRequest } from "../../lib/api-request";

export type { ApiTokenInfo, CreatedApiToken };
export type NewApiToken = RouteBody<"POST /api/tokens">;

export const apiTokensApi = {
  list: async (): Promise<ApiTokenInfo[]> => (await apiRequest("GET /api/tokens")).tokens,
  create: (token: NewApiToken): Promise<CreatedApiToken> => apiRequest("POST /api/tokens", { body: token }),
  revoke: async (id: string): Promise<ApiTokenInfo[]> =>
    (await apiRequest("DELETE /api/tokens/:id", { params: { id } })).tokens,
};
