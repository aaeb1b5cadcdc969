// The server's HTML stream carries every character whole, in both of React's builds
// (patches/react-dom+18.3.1.patch). React 18's stream writer sent its whole 2 KB buffer when a
// two-byte character did not fit in the last byte, so the page got a NUL byte before the
// character. The production build's writer now gathers the markup as text and encodes it 2 KB
// at a time; the development build's sends only what it wrote.
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, useId, useState } from "react";
import { renderToString, type renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { postPath } from "~/lib/paths";

const require = createRequire(import.meta.url);
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const build = (file: string): typeof RenderToPipeableStream => require(path.join(reactDom, "cjs", file)).renderToPipeableStream;
const builds: Array<[string, typeof RenderToPipeableStream]> = [
  ["development", build("react-dom-server.node.development.js")],
  ["production", build("react-dom-server.node.production.min.js")],
];

function render(renderToPipeableStream: typeof RenderToPipeableStream, element: ReturnType<typeof createElement>): Promise<string> {
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

describe.each(builds)("the server's HTML stream (%s build)", (_build, renderToPipeableStream) => {
  it("never puts a NUL byte before a character that crosses its buffer's edge", async () => {
    // Short pieces of text fill the buffer a few bytes at a time, as a page's markup does.
    for (let shift = 0; shift < 8; shift += 1) {
      const items = Array.from({ length: 400 }, (_, index) => createElement("i", { key: index }, "Öhlins ·"));
      const html = await render(renderToPipeableStream, createElement("p", null, createElement("b", null, "x".repeat(shift)), ...items));
      expect(html.includes("\u0000"), `a NUL with ${shift} letters first`).toBe(false);
      expect(html.split("<i>Öhlins ·</i>")).toHaveLength(401);
    }
  });

  it("writes a long page as renderToString does: components with hooks, text, attributes, styles, emoji", async () => {
    // Rendering hooks moves React's own state between writes, as a page's components do.
    function Row({ index }: { index: number }) {
      const [label] = useState(`Post ${index}: "Nürburgring" 🏁 — 1:42.8 & more`);
      const id = useId();
      return createElement(
        "li",
        { id, className: `row row--${index % 3}`, "data-id": index, style: { marginTop: index % 7, color: "red" } },
        createElement("a", { href: `${postPath(index)}?q=a&b=<c>` }, label),
        index % 2 ? " tail " : null,
        index,
      );
    }
    const element = createElement("ul", { title: "Builds 日本" }, ...Array.from({ length: 300 }, (_, index) => createElement(Row, { key: index, index })));
    // renderToString writes through React's string writer, not the stream's.
    const html = await render(renderToPipeableStream, element);
    expect(html).toBe(renderToString(element));
    expect(html.startsWith('<ul title="Builds 日本"><li id=')).toBe(true);
    expect(html.split("🏁")).toHaveLength(301);
    expect(html).toContain('<a href="/post/299?q=a&amp;b=&lt;c&gt;">Post 299: &quot;Nürburgring&quot; 🏁 — 1:42.8 &amp; more</a>');
  });
});
