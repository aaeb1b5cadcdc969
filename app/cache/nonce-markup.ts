// A kept page carries the Content-Security-Policy nonce of the answer it was first sent in, and
// every answer sends it with a nonce of its own. A page is kept as the bytes sent with the places
// its nonce is written at, found once; an answer copies the bytes and writes its nonce over
// those places. A nonce of another length (never, as the app makes them) is replaced in the text.

export type NonceMarkup = {
  bytes: Buffer<ArrayBuffer>;
  /** The nonce written in it, if any. */
  nonce: string | null;
  /** Where the nonce starts, in bytes. */
  at: readonly number[];
};

/** `bytes` kept for answers to come, its `nonce` found. */
export function nonceMarkup(bytes: Buffer<ArrayBuffer>, nonce: string | null): NonceMarkup {
  const at: number[] = [];
  if (nonce) for (let offset = bytes.indexOf(nonce); offset !== -1; offset = bytes.indexOf(nonce, offset + nonce.length)) at.push(offset);
  return { bytes, nonce, at };
}

/** The kept bytes with `nonce` in place of the kept one (a copy: the kept bytes stay as they were). */
export function withNewNonce(markup: NonceMarkup, nonce: string): Buffer<ArrayBuffer> {
  const { bytes, nonce: old, at } = markup;
  if (!old || at.length === 0) return bytes;
  if (Buffer.byteLength(nonce) !== Buffer.byteLength(old)) return Buffer.from(bytes.toString("utf8").replaceAll(old, nonce));
  const copy = Buffer.from(bytes);
  for (const offset of at) copy.write(nonce, offset);
  return copy;
}
