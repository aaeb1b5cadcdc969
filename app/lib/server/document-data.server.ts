// A page's loader data is read before its render (docs/decisions/documents-rendered-whole.md).
//
// Remix writes the loader data for hydration as script tags rendered by its StreamTransfer
// component, which reads the encoded data chunk by chunk from `serverHandoffStream`; a chunk
// not yet read suspends the render until a later turn of the event loop. `readDocumentData`
// reads every chunk first and puts it where StreamTransfer looks before it reads
// (`renderMeta.streamCache`, by chunk number), so the render never suspends on it.
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
  let chunk = 0;
  try {
    for (; ; chunk++) {
      const { done, value } = await reader.read();
      cache[chunk] = settled({ done, value: decoder.decode(value, { stream: !done }) });
      if (done) break;
    }
  } catch (error) {
    // The render meets the failure where it would have read it, as Remix's own reading does.
    cache[chunk] = Object.assign(Promise.resolve(), { error });
  } finally {
    // RemixServer takes a reader of its own from the stream; it never reads from it, as every
    // chunk it asks for is already known.
    reader.releaseLock();
  }
}

function settled(result: { done: boolean; value: string }): Entry {
  return Object.assign(Promise.resolve(), { result });
}
