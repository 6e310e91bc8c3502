import type { ApiTokenInfo } from "./api-tokens-api";
import { Button } from "../../ui/button";
import { mutedText } from "../../ui/settings-section";
import { apiTokensCopy as copy } from "./api-tokens-copy";

const alertText = "text-sm font-medium text-rose-700 dark:text-rose-300";

type Props = {
  tokens: ApiTokenInfo[] | null;
  failed: boolean;
  onRetry: () => void;
  onRevoke: (id: string, name: string) => Promise<void>;
};

/** The user's tokens, each with its use and a button that revokes it; while loading, or when that failed. */
export function ApiTokenList({ tokens, failed, onRetry, onRevoke }: Props) {
  return (
    <>
      <h3 className="mt-5 font-medium text-slate-900 dark:text-white">{copy.listTitle}</h3>
      {tokens === null ? (
        failed ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p role="alert" className={alertText}>
              {copy.loadFailed}
            </p>
            <Button onClick={() => onRetry()}>{copy.retry}</Button>
          </div>
        ) : (
          <p role="status" className={`mt-2 ${mutedText}`}>
            {copy.loading}
          </p>
        )
      ) : tokens.length === 0 ? (
        <p className={`mt-2 ${mutedText}`}>{copy.none}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" data-testid="api-token-list">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900 dark:text-white">
                  <bdi>{token.name}</bdi>
                </p>
                <p className={mutedText}>
                  {copy.scopes[token.scope]} · {copy.createdOn(token.createdAt)} ·{" "}
                  {copy.lastUsed(token.lastUsedAt)} · {copy.expires(token.expiresAt)}
                </p>
              </div>
              <Button
                variant="danger"
                aria-label={copy.revokeLabel(token.name)}
                onClick={() => void onRevoke(token.id, token.name)}
              >
                {copy.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
