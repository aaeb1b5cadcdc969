// readDocumentData (app/lib/server/document-data.server.ts) reads a page's encoded loader data
// before the render and leaves each chunk where Remix's StreamTransfer looks for it.
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { readDocumentData } from "~/lib/server/document-data.server";

function contextOf(stream: ReadableStream<Uint8Array> | undefined): EntryContext {
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
}

/** A stream that gives `parts` one per read; an Error fails the stream at that read. */
function streamOf(parts: Array<Uint8Array | Error>): ReadableStream<Uint8Array> {
  const left = [...parts];
  return new ReadableStream({
    pull(controller) {
      const part = left.shift();
      if (part === undefined) controller.close();
      else if (part instanceof Error) controller.error(part);
      else controller.enqueue(part);
    },
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the loader data read before the render", () => {
  it("gives every chunk and the end, in order, as already settled", async () => {
    // "Ö" split across two chunks: each chunk's text is whole characters.
    const whole = bytes('[{"story":"Öhlins"}]\n');
    const cut = whole.indexOf(0xc3) + 1;
    const stream = streamOf([whole.slice(0, cut), whole.slice(cut)]);
    const context = contextOf(stream);
    await readDocumentData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0].result).toEqual({ done: false, value: '[{"story":"' });
    expect(cache[1].result).toEqual({ done: false, value: 'Öhlins"}]\n' });
    expect(cache[2].result).toEqual({ done: true, value: "" });
    // RemixServer takes its own reader afterwards.
    expect(stream.locked).toBe(false);
    expect(() => stream.getReader()).not.toThrow();
  });

  it("gives a failed stream's error where the render would have read it", async () => {
    const failure = new Error("Server Timeout");
    const context = contextOf(streamOf([bytes("[1]\n"), failure]));
    await readDocumentData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0].result).toEqual({ done: false, value: "[1]\n" });
    expect(cache[1].error).toBe(failure);
  });

  it("leaves a context without loader data as it is", async () => {
    const context = contextOf(undefined);
    await readDocumentData(context);
    expect(context.renderMeta).toEqual({});
  });
});
