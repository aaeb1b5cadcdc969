// Media building blocks for the feed, post pages, Grams and galleries.
export { MediaViewer, VIEWER_MESSAGES, type MediaViewerProps } from "./MediaViewer";
export { LazyImage, LazyMedia, useInView, IMAGE_UNAVAILABLE, LAZY_ROOT_MARGIN, LAZY_THRESHOLD, type LazyImageProps, type LazyMediaProps } from "./LazyMedia";
export { viewerItemsFromPhotos, viewerKind, wrapIndex, neighbourIndexes, thumbnailOf, smallestCandidate, type ViewerItem, type ViewerKind } from "./viewer-items";
