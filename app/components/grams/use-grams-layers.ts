// What opens over the Grams feed: the media viewer, a post's Comments or Mods panel (it
// belongs to its post: moving on closes it) and the Follow Cars modal.
import { useCallback, useEffect, useState } from "react";
import type { ViewerItem } from "~/components/media/viewer-items";
import type { GramsPanelKind } from "./GramsPanel";

export type ViewerState = { items: ViewerItem[]; index: number; label: string } | null;
export type PanelState = { postId: number; kind: GramsPanelKind } | null;

export function useGramsLayers(activePostId: number | undefined) {
  const [viewer, setViewer] = useState<ViewerState>(null);
  const [panel, setPanel] = useState<PanelState>(null);
  const [followPostId, setFollowPostId] = useState<number | null>(null);

  useEffect(() => {
    setPanel((current) => (current && current.postId !== activePostId ? null : current));
  }, [activePostId]);

  return {
    viewer,
    panel,
    followPostId,
    /** Something over the feed has the keys. */
    blocked: Boolean(viewer || panel || followPostId !== null),
    openViewer: useCallback((items: ViewerItem[], index: number, label: string) => setViewer({ items, index, label }), []),
    closeViewer: useCallback(() => setViewer(null), []),
    openPanel: useCallback((postId: number, kind: GramsPanelKind) => setPanel({ postId, kind }), []),
    closePanel: useCallback(() => setPanel(null), []),
    openFollow: useCallback((postId: number) => setFollowPostId(postId), []),
    closeFollow: useCallback(() => setFollowPostId(null), []),
  };
}
