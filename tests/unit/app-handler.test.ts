// Express to the app's handler and back (server/app-handler.ts): what the app reads of the
// request, and what the client gets of its Response.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { expressHandler } from "../../server/app-handler";
import type { AppHandler } from "../../server/visitor-pages";

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(handler: AppHandler): Promise<string> {
  const app = express();
  app.all("*", expressHandler(handler));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the app's handler behind Express", () => {
  it("reads the method, the address, the headers and a posted body", async () => {
    let seen: { method: string; url: string; custom: string | null; body: string } | undefined;
    const origin = await serve(async (request) => {
      seen = { method: request.method, url: request.url, custom: request.headers.get("x-custom"), body: await request.text() };
      return new Response("ok");
    });
    await fetch(`${origin}/api/comments?x=1`, { method: "POST", headers: { "X-Custom": "yes" }, body: "content=hi" });
    expect(seen).toEqual({ method: "POST", url: `${origin}/api/comments?x=1`, custom: "yes", body: "content=hi" });
  });

  it("sends the status, every Set-Cookie apart, the other headers and the body", async () => {
    const origin = await serve(async () => {
      const headers = new Headers({ "Content-Type": "application/json", "X-Frame-Options": "DENY" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response('{"ok":true}', { status: 201, headers });
    });
    const answer = await fetch(`${origin}/api/thing`);
    expect(answer.status).toBe(201);
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(await answer.json()).toEqual({ ok: true });
  });

  it("streams the body as the app writes it, and tells the app when the client leaves", async () => {
    let aborted = false;
    const origin = await serve(async (request) => {
      request.signal.addEventListener("abort", () => (aborted = true));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>first</p>"));
          // The rest never comes: only the client leaving ends this answer.
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html" } });
    });
    const first = await new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest(`${origin}/post/1`, (incoming) => {
        incoming.once("data", (chunk: Buffer) => {
          resolve(chunk.toString("utf8"));
          outgoing.destroy();
        });
      });
      outgoing.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
      outgoing.end();
    });
    expect(first).toBe("<p>first</p>");
    await expect.poll(() => aborted).toBe(true);
  });
});
