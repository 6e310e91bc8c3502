import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { setForgetQueries } from "./query-reset";
import { sessionChanged } from "./session";

// One cache for the app, loaded with the pages that read the API through react-query (profile, settings), not with
// the first screen (docs/decisions/0060): hooks pass it to useQuery/useMutation, as there is no provider above them.
export const queryClient = new QueryClient({
  // A 401 means the session ended elsewhere: re-read it so the route guard sends the user to /login.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) sessionChanged();
    },
  }),
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

setForgetQueries(() => queryClient.removeQueries());
