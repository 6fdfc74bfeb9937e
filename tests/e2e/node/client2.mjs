// Drives Cardamom's POST /mcp with the official TypeScript client v2 (@modelcontextprotocol/client)
// and prints ONE JSON report (the shape tests/e2e/clients.py reads for every client).
//
// Usage: node client2.mjs MODE MCP_URL   (MODE: auto | legacy; the token in CARDAMOM_MCP_TOKEN)
//
// auto probes server/discover and speaks 2026-07-28 when the server does; legacy runs the
// initialize handshake. The script never asserts: it records what the SDK saw, including every
// HTTP exchange with the MCP headers it sent, and the Python test judges it. Exit 0 whenever a
// report was printed (a failed step is in report.error).

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { readFileSync } from "node:fs";

const PACKAGE = new URL("./node_modules/@modelcontextprotocol/client/package.json", import.meta.url);
const REQUEST_TIMEOUT_MS = 20_000;

const [mode, url] = process.argv.slice(2);
const token = process.env.CARDAMOM_MCP_TOKEN;
if (!["auto", "legacy"].includes(mode) || !url || !token) {
  process.stderr.write("usage: CARDAMOM_MCP_TOKEN=... node client2.mjs auto|legacy MCP_URL\n");
  process.exit(64);
}

const report = {
  client: "@modelcontextprotocol/client",
  version: JSON.parse(readFileSync(PACKAGE, "utf8")).version,
  mode,
  ok: false,
  error: null,
  protocolVersion: null,
  serverName: null,
  tools: [],
  calls: {},
  http: [],
};

function describeError(stage, err) {
  return { stage, name: err?.name ?? typeof err, code: err?.code ?? null, message: String(err?.message ?? err) };
}

function summary(result) {
  return { isError: result.isError ?? false, structuredContent: result.structuredContent ?? null };
}

async function recordingFetch(input, init = {}) {
  const headers = new Headers(init.headers);
  const entry = {
    method: (init.method ?? "GET").toUpperCase(),
    rpcMethod: null,
    status: null,
    headers: {
      "mcp-protocol-version": headers.get("mcp-protocol-version"),
      "mcp-method": headers.get("mcp-method"),
      "mcp-name": headers.get("mcp-name"),
    },
  };
  if (typeof init.body === "string") {
    try {
      const message = JSON.parse(init.body);
      entry.rpcMethod = message.method ?? null;
    } catch {
      entry.rpcMethod = "<unparsable>";
    }
  }
  report.http.push(entry);
  const response = await fetch(input, init);
  entry.status = response.status;
  return response;
}

const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
  fetch: recordingFetch,
});
const client = new Client(
  { name: "cardamom-e2e-ts-client-v2", version: "0.0.0" },
  { capabilities: {}, versionNegotiation: { mode } },
);
const options = { timeout: REQUEST_TIMEOUT_MS };
const call = async (name, args) => summary(await client.callTool({ name, arguments: args }, options));

let stage = "connect";
try {
  await client.connect(transport, options);
  report.protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null;
  report.serverName = client.getServerVersion()?.name ?? null;

  stage = "listTools";
  report.tools = (await client.listTools(undefined, options)).tools.map((tool) => tool.name);
  stage = "search";
  report.calls.search = await call("search_tools", { query: "list notion users" });
  stage = "execute";
  report.calls.execute = await call("execute_tool", { name: "notion-legal__list_all_users", arguments: {} });
  stage = "emptySearch";
  report.calls.emptySearch = await call("search_tools", { query: "list_all_cal_com_schedules" });
  report.ok = true;
} catch (err) {
  report.error = describeError(stage, err);
} finally {
  try {
    await client.close();
  } catch (err) {
    report.error ??= describeError("close", err);
  }
}

process.stdout.write(`${JSON.stringify(report)}\n`);
