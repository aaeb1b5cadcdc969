// The server's HTML stream carries every character whole. React 18's stream writer sends its
// whole 2 KB buffer when a two-byte character does not fit in the last byte, so the page got a
// NUL byte before the character (patches/react-dom+18.3.1.patch sends only what was written).
import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

function render(element: ReturnType<typeof createElement>): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onError: reject,
    });
  });
}

describe("the server's HTML stream", () => {
  it("never puts a NUL byte before a character that crosses its buffer's edge", async () => {
    // Short pieces of text fill the buffer a few bytes at a time, as a page's markup does.
    for (let shift = 0; shift < 8; shift += 1) {
      const items = Array.from({ length: 400 }, (_, index) => createElement("i", { key: index }, "Öhlins ·"));
      const html = await render(createElement("p", null, createElement("b", null, "x".repeat(shift)), ...items));
      expect(html.includes("\u0000"), `a NUL with ${shift} letters first`).toBe(false);
      expect(html.split("<i>Öhlins ·</i>")).toHaveLength(401);
    }
  });
});
