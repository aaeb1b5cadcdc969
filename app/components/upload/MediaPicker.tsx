// The photos and videos of a new post (the form's media step).
//
// Without JavaScript: numbered fields, one file each (`media.N`), with its position (1 is
// the cover) and its description; photos are kept whole.
//
// With JavaScript: drag and drop or pick. Each file is checked before anything is sent (its
// type from its first bytes, its size, the post's count and total) and a refused one is
// named with the reason. Each chosen file shows as a real thumbnail: a photo as itself, a
// video as a frame the browser draws (a video element and a canvas), or a neutral tile that
// says the browser cannot preview it. The author reorders them (drag, or the Move earlier /
// Move later buttons), makes one the cover (the first), removes one, crops a photo to 4:5,
// 1:1 or its original shape, and describes each (alt text); a missing description is
// pointed out, never required.
import { ImagePlus, UploadCloud } from "~/components/icons";
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";
import { addFiles, checkFile, formatBytes, moveItem, sniffKind, UPLOAD_MESSAGES, type Rejected } from "./upload-rules";
import { release, type PickedFile } from "./picked-files";
import { videoStill } from "./video-still";
import { PlainMediaFields } from "./PlainMediaFields";
import { MediaItem } from "./MediaItem";

let pickedIds = 0;

export type MediaPickerProps = {
  items: PickedFile[];
  onChange: Dispatch<SetStateAction<PickedFile[]>>;
  /** False until hydrated: the numbered fields are all there is. */
  enhanced: boolean;
  disabled?: boolean;
  /** While the post is sent: how much of each file is sent (percent, in the items' order). */
  sent?: readonly number[] | null;
};

export function MediaPicker({ items, onChange, enhanced, disabled = false, sent = null }: MediaPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [dragId, setDragId] = useState<string | null>(null);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const latest = useRef(items);
  latest.current = items;

  // Object URLs are freed when the picker goes away (those now showing a post excepted).
  useEffect(() => () => latest.current.forEach(release), []);

  function update(id: string, patch: Partial<PickedFile>) {
    onChange((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  async function add(files: FileList | File[] | null) {
    if (!files || disabled) return;
    const list = Array.from(files);
    // The first bytes say what a file really is: a text file named .jpg is refused here.
    const sniffed = await Promise.all(
      list.map(async (file) => {
        const reason = checkFile(file);
        if (reason) return { file, reason, kind: null };
        try {
          const kind = sniffKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
          return { file, reason: kind ? null : UPLOAD_MESSAGES.notMedia, kind };
        } catch {
          return { file, reason: UPLOAD_MESSAGES.notMedia, kind: null };
        }
      }),
    );
    const refused: Rejected[] = sniffed.filter((entry) => entry.reason).map((entry) => ({ name: entry.file.name, reason: entry.reason! }));
    const candidates = sniffed.filter((entry) => !entry.reason);
    const { accepted, rejected: over } = addFiles(
      latest.current.map((item) => item.file),
      candidates.map((entry) => entry.file),
    );
    setRejected([...refused, ...over]);
    if (accepted.length === 0) return;
    const added: PickedFile[] = accepted.map((file) => ({
      id: `picked-${++pickedIds}`,
      file,
      kind: candidates.find((entry) => entry.file === file)?.kind ?? "image",
      url: URL.createObjectURL(file),
      thumb: undefined,
      width: null,
      height: null,
      crop: "original",
      alt: "",
    }));
    onChange((current) => [...current, ...added]);
    for (const item of added) {
      if (item.kind !== "video") continue;
      void videoStill(item.url).then((still) => {
        if (!latest.current.some((candidate) => candidate.id === item.id)) {
          if (still) URL.revokeObjectURL(still.src);
          return;
        }
        update(item.id, still ? { thumb: still.src, width: still.width, height: still.height } : { thumb: null });
      });
    }
  }

  function remove(id: string) {
    const item = latest.current.find((candidate) => candidate.id === id);
    if (item) release(item);
    onChange((current) => current.filter((candidate) => candidate.id !== id));
    if (item) setAnnouncement(`${item.file.name} removed`);
  }

  function move(from: number, to: number) {
    const item = latest.current[from];
    const next = moveItem(latest.current, from, to);
    if (next === latest.current || !item) return;
    onChange([...next]);
    setAnnouncement(to === 0 ? `${item.file.name} is now the cover` : `${item.file.name} moved to place ${to + 1} of ${next.length}`);
  }

  const total = items.reduce((sum, item) => sum + item.file.size, 0);

  if (!enhanced) {
    return (
      <div className="media-picker" data-count={0}>
        <PlainMediaFields />
      </div>
    );
  }

  return (
    <div className="media-picker" data-enhanced data-count={items.length}>
      <label
        htmlFor={inputId}
        className="dropzone"
        data-dragging={dragging || undefined}
        data-compact={items.length > 0 || undefined}
        onDragEnter={(event) => {
          if (dragId) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (dragId) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setDragging(false);
        }}
        onDrop={(event) => {
          if (dragId) return;
          event.preventDefault();
          setDragging(false);
          void add(event.dataTransfer.files);
        }}
      >
        <span className="dropzone__icon" aria-hidden>
          {items.length > 0 ? <ImagePlus /> : <UploadCloud />}
        </span>
        <span className="dropzone__title">{items.length > 0 ? "Add more" : "Drop photos and videos here"}</span>
        <span className="dropzone__text" id={hintId}>
          or click to choose · JPEG, PNG, WebP, HEIC up to {UPLOAD_LIMITS.imageBytes / 1024 / 1024} MB · MP4, MOV, WebM up to {UPLOAD_LIMITS.videoBytes / 1024 / 1024} MB
          · {UPLOAD_LIMITS.files} files at most
        </span>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          name="media"
          multiple
          accept="image/*,video/*"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // The chosen files now live in the list; the input can pick again.
            event.currentTarget.value = "";
            void add(files);
          }}
        />
      </label>

      {rejected.length > 0 ? (
        <ul className="media-picker__rejected" role="alert" data-testid="upload-rejected">
          {rejected.map((file, index) => (
            <li key={`${file.name}:${index}`}>
              <strong>{file.name}</strong>: {file.reason}
            </li>
          ))}
        </ul>
      ) : null}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {items.length > 0 ? (
        <>
          <p className="media-picker__summary">
            {items.length} {items.length === 1 ? "file" : "files"} · {formatBytes(total)} · the first is the cover; drag or use the buttons to change the order
          </p>
          <ol className="media-picker__list" aria-label="Chosen photos and videos" data-testid="upload-previews">
            {items.map((item, index) => (
              <MediaItem
                key={item.id}
                item={item}
                index={index}
                count={items.length}
                disabled={disabled}
                sent={sent?.[index]}
                dragId={dragId}
                onDragId={setDragId}
                onDropHere={() => {
                  const from = latest.current.findIndex((candidate) => candidate.id === dragId);
                  setDragId(null);
                  move(from, index);
                }}
                onMove={move}
                onRemove={remove}
                onUpdate={(patch) => update(item.id, patch)}
              />
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
