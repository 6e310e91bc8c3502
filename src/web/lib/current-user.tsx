import { createContext, useContext } from "react";

/** The signed-in user, provided by the route guard to everything behind it. */
export type CurrentUser = { id: string; name: string; email: string; image?: string | null };

const CurrentUserContext = createContext<CurrentUser | null>(null);

export const CurrentUserProvider = CurrentUserContext.Provider;

export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser needs a signed-in user (render it behind RequireSession)");
  return user;
}
