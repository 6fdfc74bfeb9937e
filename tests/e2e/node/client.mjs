// Drives Cardamom's POST /mcp with the official TypeScript MCP client and prints ONE JSON report.
//
// Usage: node client.mjs [MCP_URL] [TOKEN]
//   (or CARDAMOM_MCP_URL / CARDAMOM_MCP_TOKEN in the environment; prefer the env for the token)
//
// The script never asserts: it records what the SDK saw (protocol version, tool names, each
// call's result, the error of an unknown tool, every HTTP exchange, transport errors) and
// tests/e2e/test_typescript_client.py judges it. It exits 0 whenever it printed a report, even
// when a step failed (the failure is in report.error); a non-zero exit means bad usage or a crash.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { readFileSync } from "node:fs";

const SDK_PACKAGE = new URL("./node_modules/@modelcontextprotocol/sdk/package.json", import.meta.url);
const REQUEST_TIMEOUT_MS = 20_000;
const UNKNOWN_TOOL = "no_such_tool__anywhere";

const url = process.argv[2] ?? process.env.CARDAMOM_MCP_URL;
const token = process.argv[3] ?? process.env.CARDAMOM_MCP_TOKEN;
if (!url || !token) {
  process.stderr.write("usage: node client.mjs MCP_URL TOKEN (or CARDAMOM_MCP_URL and CARDAMOM_MCP_TOKEN)\n");
  process.exit(64);
}

const report = {
  sdk: { name: "@modelcontextprotocol/sdk", version: JSON.parse(readFileSync(SDK_PACKAGE, "utf8")).version },
  ok: false,
  error: null,
  protocolVersion: null,
  serverVersion: null,
  serverCapabilities: null,
  hasInstructions: false,
  tools: [],
  calls: {},
  unknownTool: null,
  transportErrors: [],
  http: [],
};

function describeError(stage, err) {
  return {
    stage,
    name: err?.name ?? typeof err,
    constructor: err?.constructor?.name ?? null,
    isMcpError: err instanceof McpError,
    code: typeof err?.code === "number" ? err.code : null,
    message: String(err?.message ?? err),
  };
}

function callSummary(result) {
  return {
    isError: result.isError ?? false,
    structuredContent: result.structuredContent ?? null,
    content: result.content ?? [],
  };
}

// Every HTTP exchange the transport makes, so the test can see GET/DELETE probes and their status.
const inflight = new Set();
async function recordingFetch(input, init = {}) {
  const entry = {
    method: (init.method ?? "GET").toUpperCase(),
    rpcMethod: null,
    protocolHeader: new Headers(init.headers).get("mcp-protocol-version"),
    status: null,
    contentType: null,
    wwwAuthenticate: null,
  };
  if (typeof init.body === "string") {
    try {
      const message = JSON.parse(init.body);
      entry.rpcMethod = message.method ?? (message.id !== undefined ? "<response>" : null);
    } catch {
      entry.rpcMethod = "<unparsable>";
    }
  }
  report.http.push(entry);
  const pending = fetch(input, init).then(
    (response) => {
      entry.status = response.status;
      entry.contentType = response.headers.get("content-type");
      entry.wwwAuthenticate = response.headers.get("www-authenticate");
      return response;
    },
    (err) => {
      entry.status = `failed: ${err?.name ?? err}`;
      throw err;
    },
  );
  inflight.add(pending);
  pending.catch(() => {}).finally(() => inflight.delete(pending));
  return pending;
}

// Wait for fire-and-forget requests (the SDK's GET for a standalone SSE stream) before closing,
// so closing never aborts one mid-flight and the report shows how the server answered it.
async function settle() {
  for (let i = 0; i < 10 && inflight.size > 0; i++) {
    await Promise.allSettled([...inflight]);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
  fetch: recordingFetch,
});
const client = new Client({ name: "cardamom-e2e-typescript", version: "0.0.0" }, { capabilities: {} });
client.onerror = (err) => report.transportErrors.push(describeError("onerror", err));

const options = { timeout: REQUEST_TIMEOUT_MS };
let stage = "connect";
try {
  await client.connect(transport, options);
  report.protocolVersion = transport.protocolVersion ?? null;
  report.serverVersion = client.getServerVersion() ?? null;
  report.serverCapabilities = client.getServerCapabilities() ?? null;
  report.hasInstructions = Boolean(client.getInstructions());

  stage = "listTools";
  const listed = await client.listTools(undefined, options);
  report.tools = listed.tools.map((tool) => tool.name);

  stage = "calcomSearch";
  report.calls.calcomSearch = callSummary(
    await client.callTool({ name: "search_tools", arguments: { query: "list_all_cal_com_schedules" } }, undefined, options),
  );

  stage = "notionSearch";
  report.calls.notionSearch = callSummary(
    await client.callTool({ name: "search_tools", arguments: { query: "list notion users" } }, undefined, options),
  );

  stage = "execute";
  report.calls.execute = callSummary(
    await client.callTool(
      { name: "execute_tool", arguments: { name: "notion-legal__list_all_users", arguments: {} } },
      undefined,
      options,
    ),
  );

  stage = "unknownTool";
  try {
    const result = await client.callTool({ name: UNKNOWN_TOOL, arguments: {} }, undefined, options);
    report.unknownTool = { resolved: true, result: callSummary(result) };
  } catch (err) {
    report.unknownTool = { resolved: false, ...describeError(stage, err) };
  }

  stage = "settle";
  await settle();
  report.ok = true;
} catch (err) {
  report.error = describeError(stage, err);
} finally {
  try {
    await settle();
    await client.close();
  } catch (err) {
    report.transportErrors.push(describeError("close", err));
  }
}

process.stdout.write(`${JSON.stringify(report)}\n`);
