import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "../../../server/profile/profile.repo";
import { apiRequest } from "../../lib/api";
import { useCurrentUser } from "../../lib/current-user";
import { authClient } from "../auth/auth-client";

export type { Profile };

/** The same key as every other reader of /api/profile (e.g. the notification settings). */
export const profileKey = (userId: string) => ["profile", userId] as const;

/** GET /api/profile, and a display-name save that also renames the Better Auth user, so the session agrees. */
export function useProfile() {
  const { id } = useCurrentUser();
  const client = useQueryClient();
  const query = useQuery({ queryKey: profileKey(id), queryFn: () => apiRequest<Profile>("/api/profile") });
  const rename = useMutation({
    mutationFn: async (displayName: string) => {
      const saved = await apiRequest<Profile>("/api/profile", { method: "PATCH", body: { displayName } });
      const { error } = await authClient.updateUser({ name: displayName });
      if (error) throw new Error(error.message ?? "Failed to update the account name");
      return saved;
    },
    onSuccess: (saved) => client.setQueryData(profileKey(id), saved),
  });
  return { query, rename };
}
