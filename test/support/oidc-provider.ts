import { OAuth2Server } from "oauth2-mock-server";

/** A local OpenID Connect provider (oauth2-mock-server) standing in for Authelia, Keycloak, Google... */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "localhost"); // the system picks a free port: no race with another worker
  const issuer = `http://localhost:${server.address().port}`;
  server.issuer.url = issuer;
  let nextUser: { sub: string; email: string; name: string } | null = null;
  server.service.on("beforeTokenSigning", (token) => {
    if (nextUser) Object.assign(token.payload, nextUser, { email_verified: true });
  });
  server.service.on("beforeUserinfo", (res) => {
    if (nextUser) res.body = { ...nextUser, email_verified: true };
  });
  return {
    issuer,
    server,
    /** The provider answers its next authorization request with error=access_denied (the user said no). */
    denyNext() {
      server.service.once("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
        url.searchParams.delete("code");
        url.searchParams.set("error", "access_denied");
      });
    },
    /** The identity the provider will vouch for at its next sign-in. */
    setUser(user: { sub: string; email: string; name: string }) {
      nextUser = user;
    },
    stop: () => server.stop(),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
