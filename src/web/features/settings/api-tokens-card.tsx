import { useId, useState, type FormEvent } from "react";
import { API_TOKEN_SCOPES, MAX_API_TOKEN_NAME_LENGTH, type ApiTokenScope } from "../../../core/contract";
import { Button } from "../../ui/button";
import { Field, inputClass } from "../../ui/form-controls";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { apiTokensCopy as copy } from "./api-tokens-copy";
import { useApiTokens } from "./use-api-tokens";

type Shown = { name: string; token: string; copied: "no" | "yes" | "failed" };
type Status = { kind: "info" | "error"; text: string } | null;

const alertText = "text-sm font-medium text-rose-700 dark:text-rose-300";

/** Settings' API tokens card (issue 13 item 4): make a token (shown once), list and revoke them. */
export function ApiTokensCard() {
  const { tokens, failed, retry, create, revoke } = useApiTokens();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read-only");
  const [expiry, setExpiry] = useState("30");
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const scopeId = useId();
  const expiryId = useId();
  const tokenId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    const expiresInDays = expiry === "" ? null : Number(expiry);
    const created = await create({ name, scope, expiresInDays });
    setBusy(false);
    if (!created) return setStatus({ kind: "error", text: copy.saveFailed });
    setShown({ name: created.apiToken.name, token: created.token, copied: "no" });
    setName("");
  };

  const copyToken = async () => {
    if (!shown) return;
    const copied = await navigator.clipboard.writeText(shown.token).then(
      () => "yes" as const,
      () => "failed" as const,
    );
    setShown({ ...shown, copied });
  };

  const remove = async (id: string, tokenName: string) => {
    setStatus(null);
    const ok = await revoke(id);
    setStatus(
      ok ? { kind: "info", text: copy.revoked(tokenName) } : { kind: "error", text: copy.saveFailed },
    );
  };

  return (
    <SettingsSection title={copy.title} testId="settings-api-tokens">
      <p className={mutedText}>
        {copy.description}{" "}
        <a className="font-medium text-indigo-700 underline dark:text-indigo-300" href="/api/docs">
          {copy.reference}
        </a>
      </p>
      <form className="mt-4 grid gap-3 sm:grid-cols-3" onSubmit={(e) => void submit(e)}>
        <Field
          className="sm:col-span-3"
          label={copy.name}
          hint={copy.nameHint}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_API_TOKEN_NAME_LENGTH}
          required
        />
        <div>
          <label
            htmlFor={scopeId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {copy.scope}
          </label>
          <select
            id={scopeId}
            className={inputClass}
            value={scope}
            onChange={(e) => setScope(API_TOKEN_SCOPES.find((s) => s === e.target.value) ?? "read-only")}
          >
            {API_TOKEN_SCOPES.map((s) => (
              <option key={s} value={s}>
                {copy.scopes[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label
            htmlFor={expiryId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {copy.expiry}
          </label>
          <select
            id={expiryId}
            className={inputClass}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          >
            {copy.expiries.map(([days, label]) => (
              <option key={label} value={days ?? ""}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" variant="primary" className="min-h-11 w-full" disabled={busy}>
            {busy ? copy.creating : copy.create}
          </Button>
        </div>
      </form>

      {shown && (
        <div
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
          data-testid="new-api-token"
        >
          <p role="status" className="text-sm text-slate-800 dark:text-slate-100">
            {copy.created(shown.name)}
          </p>
          <label
            htmlFor={tokenId}
            className="mt-2 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {copy.newToken}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id={tokenId}
              readOnly
              value={shown.token}
              className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
              onFocus={(e) => e.target.select()}
            />
            <Button onClick={() => void copyToken()}>
              {shown.copied === "yes" ? copy.copied : copy.copy}
            </Button>
            <Button variant="ghost" onClick={() => setShown(null)}>
              {copy.done}
            </Button>
          </div>
          {shown.copied === "failed" && <p className={`mt-2 ${alertText}`}>{copy.copyFailed}</p>}
        </div>
      )}

      <h3 className="mt-5 font-medium text-slate-900 dark:text-white">{copy.listTitle}</h3>
      {tokens === null ? (
        failed ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p role="alert" className={alertText}>
              {copy.loadFailed}
            </p>
            <Button onClick={() => void retry()}>{copy.retry}</Button>
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
                <p className="font-medium break-words text-slate-900 dark:text-white">{token.name}</p>
                <p className={mutedText}>
                  {copy.scopes[token.scope]} · {copy.createdOn(token.createdAt)} ·{" "}
                  {copy.lastUsed(token.lastUsedAt)} · {copy.expires(token.expiresAt)}
                </p>
              </div>
              <Button
                variant="danger"
                aria-label={copy.revokeLabel(token.name)}
                onClick={() => void remove(token.id, token.name)}
              >
                {copy.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p
        role={status?.kind === "error" ? "alert" : "status"}
        className={`mt-3 empty:hidden ${status?.kind === "error" ? alertText : mutedText}`}
      >
        {status?.text}
      </p>
    </SettingsSection>
  );
}
