import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-request";
import { authClient } from "../../lib/auth-client";
import { useCurrentUser } from "../../lib/current-user";
import { profileKey, profileQuery } from "../../lib/profile-query";

/** GET /api/profile, and a display-name save that also renames the Better Auth user, so the session agrees. */
export function useProfile() {
  const { id } = useCurrentUser();
  const client = useQueryClient();
  const query = useQuery(profileQuery(id));
  const rename = useMutation({
    mutationFn: async (displayName: string) => {
      const saved = await apiRequest("PATCH /api/profile", { body: { displayName } });
      const { error } = await authClient.updateUser({ name: displayName });
      if (error) throw new Error(error.message ?? "Failed to update the account name");
      return saved;
    },
    onSuccess: (saved) => client.setQueryData(profileKey(id), saved),
  });
  return { query, rename };
}
