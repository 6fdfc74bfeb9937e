// A real OpenID provider on loopback for the sign-in tests: oidc-provider (certified), with its
// development login and consent pages (any login, any password). The login becomes the account
// id and its email claim, so the test signs in as a member id of the org file.
//
// Usage: node idp.mjs PORT CLIENT_ID CLIENT_SECRET REDIRECT_URI
// Prints {"issuer": "..."} once listening; runs until killed.

import Provider from "oidc-provider";

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
if (!port || !clientId || !clientSecret || !redirectUri) {
  process.stderr.write("usage: node idp.mjs PORT CLIENT_ID CLIENT_SECRET REDIRECT_URI\n");
  process.exit(64);
}
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  scopes: ["openid", "email", "profile"],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ["cardamom-test-only"] },
  findAccount: async (ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: `sub-${id}`, email: id, email_verified: true, name: id }),
  }),
});
provider.proxy = false;
// Silence the development-only warnings (keys, interactions) on stderr noise.
provider.on("server_error", (ctx, err) => process.stderr.write(`server_error ${err}\n`));

provider.listen(Number(port), "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ issuer }) + "\n");
});
