import { queryOptions } from "@tanstack/react-query";
import type { Profile } from "../../core/contract-schema";
import { apiRequest } from "./api-request";

export type { Profile };

/** The same key for every reader of /api/profile (the profile page, the notification settings). */
export const profileKey = (userId: string) => ["profile", userId] as const;

/** GET /api/profile as a react-query query. */
export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: profileKey(userId), queryFn: () => apiRequest("GET /api/profile") });
