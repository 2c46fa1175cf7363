// The server dies (SIGKILL) in the middle of a game and comes back on the
// same port and database: the open table says it is reconnecting, its
// WebSocket comes back by itself, and the next move arrives over it.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { browser } from "./harness.mjs";

const BIN = resolve(process.env.ARBITER_BIN ?? fileURLToPath(new URL("../../target/debug/arbiter", import.meta.url)));
const WEB = fileURLToPath(new URL("../dist", import.meta.url));
let b;
const dir = mkdtempSync(join(tmpdir(), "arbiter-reconnect-"));
const servers = [];
before(async () => (b = await browser()));
after(async () => {
  for (const p of servers) p.kill("SIGKILL");
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `arbiter serve` on its own database; resolves with the process and its address. */
function serve(port) {
  return new Promise((ok, fail) => {
    // --any-seed: the test's match between two people has a known seed (scripts/e2e's server too).
    const p = spawn(BIN, ["serve", "--port", String(port), "--database", join(dir, "r.db"), "--web", WEB, "--any-seed"], { stdio: ["ignore", "ignore", "pipe"] });
    servers.push(p);
    let err = "";
    p.stderr.on("data", (d) => {
      err += d;
      const m = /serving on (http:\/\/\S+) \(/.exec(err);
      if (m) ok({ p, url: m[1] });
    });
    p.on("exit", (code) => fail(new Error(`arbiter serve exited (${code}): ${err}`)));
  });
}

test("a table reconnects by itself after the server is killed and restarted", async () => {
  let { p, url } = await serve(0);
  const call = async (method, path, body) =>
    (await fetch(url + path, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) })).json();
  const m = await call("POST", "/api/matches", { game: "essence", seats: [{ controller: "human", name: "Ann" }, { controller: "human", name: "Ben" }], seed: 3 });
  const ctx = await b.newContext();
  const page = await ctx.newPage();
  await page.goto(`${url}/m/${m.id}?token=${m.seats[1].token}`);
  await page.waitForSelector("[data-testid=conn]:text('live')");
  const first = await call("POST", `/api/matches/${m.id}/actions`, { token: m.seats[0].token, action: "a1-b2" });
  assert.equal(first.view.len, 1);
  await page.waitForFunction(() => document.querySelector(".table-page")?.getAttribute("data-len") === "1");

  p.removeAllListeners("exit");
  p.kill("SIGKILL");
  await page.waitForSelector("[data-testid=conn]:text('reconnecting')");
  const port = new URL(url).port;
  ({ p, url } = await serve(port));
  await page.waitForSelector("[data-testid=conn]:text('live')", { timeout: 20000 });
  // Nothing was lost, and the next move reaches the table over the new socket.
  const next = await call("POST", `/api/matches/${m.id}/actions`, { token: m.seats[0].token, action: "@-" });
  assert.equal(next.view.len, 2);
  await page.waitForFunction(() => document.querySelector(".table-page")?.getAttribute("data-len") === "2", null, { timeout: 10000 });
  await ctx.close();
  p.kill("SIGTERM");
});
