import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-request";
import { authClient } from "../../lib/auth-client";
import { useCurrentUser } from "../../lib/current-user";
import { profileKey, profileQuery } from "../../lib/profile-query";
import { queryClient } from "../../lib/query-client";

/** GET /api/profile, and a display-name save that also renames the Better Auth user, so the session agrees. */
export function useProfile() {
  const { id } = useCurrentUser();
  const query = useQuery(profileQuery(id), queryClient);
  const rename = useMutation(
    {
      mutationFn: async (displayName: string) => {
        const saved = await apiRequest("PATCH /api/profile", { body: { displayName } });
        const { error } = await authClient.updateUser({ name: displayName });
        if (error) throw new Error(error.message ?? "Failed to update the account name");
        return saved;
      },
      onSuccess: (saved) => queryClient.setQueryData(profileKey(id), saved),
    },
    queryClient,
  );
  return { query, rename };
}
