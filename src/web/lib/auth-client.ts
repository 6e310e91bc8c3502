import { createAuthClient } from "better-auth/react";
import { oauthPopupClient } from "better-auth/client/plugins";

/** Better Auth's client, talking to our own server under /api/auth (same origin). */
export const authClient = createAuthClient({ basePath: "/api/auth", plugins: [oauthPopupClient()] });
