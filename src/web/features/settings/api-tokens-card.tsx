import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { API_TOKEN_SCOPES, MAX_API_TOKEN_NAME_LENGTH, type ApiTokenScope } from "../../../core/contract";
import { Button } from "../../ui/button";
import { Field, inputClass } from "../../ui/form-controls";
import { SettingsSection, mutedText } from "../../ui/settings-section";
import { apiTokensCopy as copy } from "./api-tokens-copy";
import { ApiTokenList } from "./api-tokens-list";
import { NewApiToken } from "./api-tokens-new-token";
import { useApiTokens, type CreateRefusal } from "./use-api-tokens";

type Shown = { name: string; token: string };
type Status = { kind: "info" | "error"; text: string } | null;

const alertText = "text-sm font-medium text-rose-700 dark:text-rose-300";

const REFUSAL_TEXT: Record<CreateRefusal, string> = {
  "password-needed": copy.passwordNeeded,
  "wrong-password": copy.wrongPassword,
  "rate-limited": copy.tooManyGuesses,
  limit: copy.limit,
  failed: copy.saveFailed,
};

/**
 * Settings' API tokens card: make a token (shown once), list and revoke them. A session signed
 * in long ago is asked for the current password (docs/decisions/0055-tokens-end-with-the-password.md).
 */
export function ApiTokensCard() {
  const { tokens, failed, retry, create, revoke } = useApiTokens();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read-only");
  const [expiry, setExpiry] = useState("30");
  const [password, setPassword] = useState<string | null>(null); // null: not asked for
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState<Status>(null);
  // Bumped each time the server asks for the password: the focus then moves to its field, where it is typed.
  const [asked, setAsked] = useState(0);
  const passwordBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked > 0) passwordBox.current?.querySelector("input")?.focus();
  }, [asked]);
  const scopeId = useId();
  const expiryId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    const expiresInDays = expiry === "" ? null : Number(expiry);
    const result = await create({
      name,
      scope,
      expiresInDays,
      ...(password !== null && { currentPassword: password }),
    });
    setBusy(false);
    if ("refused" in result) {
      setStatus({ kind: "error", text: REFUSAL_TEXT[result.refused] });
      if (result.refused === "password-needed" || result.refused === "wrong-password") {
        setPassword("");
        setAsked((n) => n + 1);
      }
      return;
    }
    setShown({ name: result.created.apiToken.name, token: result.created.token });
    setName("");
    setPassword(null);
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
      <p className={`mt-2 ${mutedText}`}>{copy.endsWithPassword}</p>
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
        {password !== null && (
          <div ref={passwordBox} className="sm:col-span-3">
            <Field
              type="password"
              label={copy.password}
              hint={copy.passwordHint}
              name="current-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
        )}
        <div className="flex items-end">
          <Button type="submit" variant="primary" className="min-h-11 w-full" disabled={busy}>
            {busy ? copy.creating : copy.create}
          </Button>
        </div>
      </form>
      <p
        role={status?.kind === "error" ? "alert" : "status"}
        className={`mt-3 empty:hidden ${status?.kind === "error" ? alertText : mutedText}`}
      >
        {status?.text}
      </p>

      {shown && <NewApiToken key={shown.token} {...shown} onDone={() => setShown(null)} />}

      <ApiTokenList tokens={tokens} failed={failed} onRetry={() => void retry()} onRevoke={remove} />
    </SettingsSection>
  );
}
