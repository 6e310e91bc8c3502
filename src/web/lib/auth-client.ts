import { createAuthClient } from "better-auth/react";
import { oauthPopupClient } from "better-auth/client/plugins";
import { broadcastSession, sessionChanged } from "./session";

// Better Auth's client is loaded on use (sign-in, sign-out, account changes), never by the first screen: the app
// reads the session through lib/session.ts, which this keeps in step (docs/decisions/0060).

/** Better Auth's client, talking to our own server under /api/auth (same origin). */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [oauthPopupClient()],
  fetchOptions: {
    // As Better Auth does while its own session store is in use: the other tabs hear of a sign-out or a rename.
    onSuccess: ({ request }) => {
      const path = new URL(request.url, window.location.href).pathname;
      if (path.endsWith("/sign-out")) broadcastSession("signout");
      else if (path.endsWith("/update-user") || path.endsWith("/update-session"))
        broadcastSession("updateUser");
    },
  },
});

// Every action that changes the session (sign-in, sign-out, rename, ...) flips this signal: ask the server again.
authClient.$store.atoms.$sessionSignal?.listen(sessionChanged);
