import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { apiTokensApi, type ApiTokenInfo, type CreatedApiToken, type NewApiToken } from "./api-tokens-api";

/** Why the server made no token: the session's sign-in is too old (it asks for the current password), the
 * password sent is wrong, too many guesses, the account holds the most tokens, or anything else. */
export type CreateRefusal = "password-needed" | "wrong-password" | "rate-limited" | "limit" | "failed";
export type CreateResult = { created: CreatedApiToken } | { refused: CreateRefusal };

const REFUSALS: Record<string, CreateRefusal> = {
  RECENT_SIGN_IN_REQUIRED: "password-needed",
  INVALID_PASSWORD: "wrong-password",
  RATE_LIMITED: "rate-limited",
  TOKEN_LIMIT: "limit",
};

/** The user's API tokens from the server (they are not part of the offline store: made and revoked online). */
export function useApiTokens() {
  const [tokens, setTokens] = useState<ApiTokenInfo[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setTokens(await apiTokensApi.list());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  /** The new token, shown once; else why the server refused, or that it could not be reached. */
  const create = async (token: NewApiToken): Promise<CreateResult> => {
    try {
      const created = await apiTokensApi.create(token);
      setTokens((list) => [created.apiToken, ...(list ?? []).filter((t) => t.id !== created.apiToken.id)]);
      return { created };
    } catch (error) {
      return { refused: (error instanceof ApiError && REFUSALS[error.code]) || "failed" };
    }
  };

  const revoke = async (id: string): Promise<boolean> => {
    try {
      setTokens(await apiTokensApi.revoke(id));
      return true;
    } catch {
      return false;
    }
  };

  return { tokens, failed, retry: load, create, revoke };
}
