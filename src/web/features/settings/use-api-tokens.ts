import { useCallback, useEffect, useState } from "react";
import { apiTokensApi, type ApiTokenInfo, type CreatedApiToken, type NewApiToken } from "./api-tokens-api";

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

  /** The new token, shown once; null when the server refused or could not be reached. */
  const create = async (token: NewApiToken): Promise<CreatedApiToken | null> => {
    try {
      const created = await apiTokensApi.create(token);
      setTokens((list) => [created.apiToken, ...(list ?? []).filter((t) => t.id !== created.apiToken.id)]);
      return created;
    } catch {
      return null;
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
