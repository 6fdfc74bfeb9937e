// Signs in to Cardamom with the official TypeScript MCP client and an auth provider, starting
// with no token, then runs search_tools and execute_tool; prints ONE JSON report on stdout.
//
// Usage: node client.mjs MCP_URL REDIRECT_URL [CLIENT_METADATA_URL]
//
// The browser part is the caller's: when the SDK asks to redirect, the script prints
//   {"event": "authorize", "url": "..."}
// and reads one line from stdin: the URL the browser landed on (the redirect URI with the
// code, state and iss). The script checks state and iss (RFC 9207) itself, as an app must.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";

const [mcpUrl, redirectUrl, clientMetadataUrl] = process.argv.slice(2);
if (!mcpUrl || !redirectUrl) {
  process.stderr.write("usage: node client.mjs MCP_URL REDIRECT_URL [CLIENT_METADATA_URL]\n");
  process.exit(64);
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const report = { ok: false, error: null, clientId: null, tools: [], search: null, execute: null, scope: null, unauthorizedFirst: false };

class MemoryProvider {
  constructor() {
    this._state = randomBytes(16).toString("hex");
    this.saved = {};
  }
  get redirectUrl() { return redirectUrl; }
  get clientMetadata() {
    return {
      client_name: "Cardamom e2e (TypeScript SDK)",
      redirect_uris: [redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  get clientMetadataUrl() { return clientMetadataUrl || undefined; }
  state() { return this._state; }
  clientInformation() { return this.saved.client; }
  saveClientInformation(info) { this.saved.client = info; }
  tokens() { return this.saved.tokens; }
  saveTokens(tokens) { this.saved.tokens = tokens; }
  saveCodeVerifier(v) { this.saved.verifier = v; }
  codeVerifier() { return this.saved.verifier; }
  saveDiscoveryState(s) { this.saved.discovery = s; }
  discoveryState() { return this.saved.discovery; }
  async redirectToAuthorization(url) { this.saved.authorizeUrl = String(url); }
}

async function connect(provider) {
  const client = new Client({ name: "cardamom-e2e-signin", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
  return client;
}

try {
  const provider = new MemoryProvider();
  let client;
  try {
    client = await connect(provider);
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
    report.unauthorizedFirst = true;
    process.stdout.write(JSON.stringify({ event: "authorize", url: provider.saved.authorizeUrl }) + "\n");
    const { value: landed } = await lines.next();
    const callback = new URL(landed.trim());
    if (callback.searchParams.get("state") !== provider.state()) throw new Error("state mismatch");
    const issuer = provider.saved.discovery?.authorizationServerMetadata?.issuer;
    if (!issuer || callback.searchParams.get("iss") !== issuer) {
      throw new Error(`iss mismatch: ${callback.searchParams.get("iss")} != ${issuer}`);
    }
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    await transport.finishAuth(callback.searchParams.get("code"));
    client = await connect(provider);
  }
  report.clientId = provider.saved.client?.client_id ?? null;
  report.scope = provider.saved.tokens?.scope ?? null;
  report.tools = (await client.listTools()).tools.map((t) => t.name);
  report.search = await client.callTool({ name: "search_tools", arguments: { query: "list notion users" } });
  report.execute = await client.callTool({
    name: "execute_tool",
    arguments: { name: "notion-legal__list_all_users", arguments: {} },
  });
  await client.close();
  report.ok = true;
} catch (err) {
  report.error = { name: err?.name ?? null, message: String(err?.message ?? err), stack: String(err?.stack ?? "") };
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(0);
