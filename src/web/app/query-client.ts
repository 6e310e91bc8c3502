import { QueryCache, QueryClient } from "@tanstack/react-query";
import { authClient } from "../lib/auth-client";
import { ApiError } from "../lib/api";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A 401 means the session ended elsewhere: re-read it so the route guard sends the user to /login.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) authClient.$store.notify("$sessionSignal");
      },
    }),
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
