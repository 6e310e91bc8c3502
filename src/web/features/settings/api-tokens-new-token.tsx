import { useId, useState } from "react";
import { Button } from "../../ui/button";
import { inputClass } from "../../ui/form-controls";
import { apiTokensCopy as copy } from "./api-tokens-copy";

const alertText = "text-sm font-medium text-rose-700 dark:text-rose-300";

/** A token just made, shown this once with a button to copy it; `onDone` hides it for good. */
export function NewApiToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const tokenId = useId();

  const copyToken = async () =>
    setCopied(
      await navigator.clipboard.writeText(token).then(
        () => "yes" as const,
        () => "failed" as const,
      ),
    );

  return (
    <div
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
      data-testid="new-api-token"
    >
      <p role="status" className="text-sm text-slate-800 dark:text-slate-100">
        {copy.created(name)}
      </p>
      <label htmlFor={tokenId} className="mt-2 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {copy.newToken}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={tokenId}
          readOnly
          value={token}
          className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
          onFocus={(e) => e.target.select()}
        />
        <Button onClick={() => void copyToken()}>{copied === "yes" ? copy.copied : copy.copy}</Button>
        <Button variant="ghost" onClick={onDone}>
          {copy.done}
        </Button>
      </div>
      {copied === "failed" && <p className={`mt-2 ${alertText}`}>{copy.copyFailed}</p>}
    </div>
  );
}
