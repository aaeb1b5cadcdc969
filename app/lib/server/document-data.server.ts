// A page's loader data goes out with the page's markup, in the same pass of the render.
//
// Remix writes the loader data for hydration as script tags rendered by its StreamTransfer
// component, which reads the encoded data chunk by chunk from `serverHandoffStream`. Each
// read it has not seen answered suspends the render, and React takes the render up again
// only in a later turn of the event loop: every page needed three turns or more to be
// written whole, and under load each turn waits behind every other request's work, so pages
// waited many times longer than the JSON answers of the API, which finish in one turn.
//
// The app's loaders answer their data whole (nothing deferred), so the encoding is complete
// before the render starts. `readDocumentData` reads it first and puts each chunk where
// StreamTransfer looks before it reads (`renderMeta.streamCache`, by chunk number): the render
// never suspends on it, and the whole document is written in one turn.
import type { EntryContext } from "@remix-run/node";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
type Entry = StreamCache[number];

/**
 * Reads the document's encoded loader data to its end and gives the render each chunk as
 * read. A loader that deferred a promise would hold the page until it settles (or until
 * Remix's stream time cuts it short, which writes the error into the data): the page is
 * written whole either way.
 */
export async function readDocumentData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta) return;
  const cache: StreamCache = (meta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    for (let chunk = 0; ; chunk++) {
      const { done, value } = await reader.read();
      cache[chunk] = settled({ done, value: decoder.decode(value, { stream: !done }) });
      if (done) break;
    }
  } catch (error) {
    // The render meets the failure where it would have read it, as Remix's own reading does.
    cache[Object.keys(cache).length] = Object.assign(Promise.resolve(), { error });
  } finally {
    // RemixServer takes a reader of its own from the stream; it never reads from it, as every
    // chunk it asks for is already known.
    reader.releaseLock();
  }
}

function settled(result: { done: boolean; value: string }): Entry {
  return Object.assign(Promise.resolve(), { result });
}
