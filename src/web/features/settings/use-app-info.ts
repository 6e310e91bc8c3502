import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-request";
import { queryClient } from "../../lib/query-client";

/** GET /api/app-info: the version and the configured feedback address (FEEDBACK_EMAIL). */
export function useAppInfo() {
  return useQuery(
    {
      queryKey: ["app-info"],
      queryFn: () => apiRequest("GET /api/app-info"),
      staleTime: Number.POSITIVE_INFINITY,
    },
    queryClient,
  );
}
