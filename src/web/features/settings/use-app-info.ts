import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "../../../server/app-info.routes";
import { apiRequest } from "../../lib/api";

/** GET /api/app-info: the version and the configured feedback address (FEEDBACK_EMAIL). */
export function useAppInfo() {
  return useQuery({
    queryKey: ["app-info"],
    queryFn: () => apiRequest<AppInfo>("/api/app-info"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
