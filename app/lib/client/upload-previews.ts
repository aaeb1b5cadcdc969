// The browser's own previews of a post just sent (object URLs of the chosen photos, frames
// drawn from the videos), kept in this tab so the post being prepared shows them at once,
// before the server has a still of its own. Nothing here reaches the server.

/** One medium's preview: an image address, or null when the browser could not draw one. */
export type LocalPreview = { name: string; kind: "image" | "video"; src: string | null; ratio: number | null };

const previews = new Map<number, LocalPreview[]>();
/** Addresses handed over to a post: the form must not free them when it goes away. */
const kept = new Set<string>();

/** Remembers the previews of post `postId`, in the post's order. */
export function keepPreviews(postId: number, items: LocalPreview[]): void {
  previews.set(postId, items);
  for (const item of items) if (item.src) kept.add(item.src);
}

/** The previews of post `postId` made in this tab, if any. */
export function previewsOf(postId: number): LocalPreview[] | null {
  return previews.get(postId) ?? null;
}

/** Whether `src` belongs to a post's previews (and must stay alive). */
export function isKeptPreview(src: string): boolean {
  return kept.has(src);
}

/** Frees a post's previews once the server's own media are shown. */
export function dropPreviews(postId: number): void {
  const items = previews.get(postId);
  if (!items) return;
  previews.delete(postId);
  for (const item of items) {
    if (!item.src) continue;
    kept.delete(item.src);
    if (item.src.startsWith("blob:")) URL.revokeObjectURL(item.src);
  }
}
