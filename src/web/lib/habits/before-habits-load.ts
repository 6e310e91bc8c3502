// Lets app/ run the first-visit migration (features/migration) before the list loads, without lib/ importing a feature.
import { createContext, useContext } from "react";

/** Awaited before each load of a user's habit list; app/ gives migrateOnce. */
export type BeforeHabitsLoad = (userId: string) => Promise<unknown>;

const BeforeHabitsLoadContext = createContext<BeforeHabitsLoad>(() => Promise.resolve());

export const BeforeHabitsLoadProvider = BeforeHabitsLoadContext.Provider;

export function useBeforeHabitsLoad(): BeforeHabitsLoad {
  return useContext(BeforeHabitsLoadContext);
}
