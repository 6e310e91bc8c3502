import { useCallback, useState } from "react";
import { normalizeName } from "../../../core/name";
import { findSameName } from "../../../core/same-name";

export type DuplicateQuestion = {
  /** The name as it would be stored. */
  name: string;
  /** The name of the habit it reads the same as. */
  existing: string;
  answer: (add: boolean) => void;
};

/**
 * Before a habit is added: `confirmAdd(name)` resolves true at once when no habit has that name (ignoring case and
 * surrounding spaces, src/core/same-name.ts), else once the user has answered the question it raises.
 */
export function useDuplicateNameCheck(habits: readonly { readonly name: string }[]) {
  const [question, setQuestion] = useState<DuplicateQuestion | null>(null);
  const confirmAdd = useCallback(
    (name: string): Promise<boolean> => {
      const existing = findSameName(habits, name);
      if (!existing) return Promise.resolve(true);
      return new Promise((resolve) =>
        setQuestion({
          name: normalizeName(name),
          existing: existing.name,
          answer: (add) => {
            setQuestion(null);
            resolve(add);
          },
        }),
      );
    },
    [habits],
  );
  return { confirmAdd, question };
}
