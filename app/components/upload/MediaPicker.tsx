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
import { ChevronLeft, ChevronRight, Film, Image, ImagePlus, Star, UploadCloud, X } from "~/components/icons";
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { wholeNumber } from "~/lib/rules/formats";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";
import { isKeptPreview } from "~/lib/client/upload-previews";
import { centredCrop, MAX_ALT_LENGTH, type Crop } from "~/lib/schemas/upload-media-fields";
import { addFiles, checkFile, formatBytes, moveItem, sniffKind, UPLOAD_MESSAGES, type Rejected, type UploadKind } from "./upload-rules";

export type CropChoice = "original" | "4:5" | "1:1";

export const CROP_CHOICES: ReadonlyArray<{ value: CropChoice; label: string; ratio: number | null }> = [
  { value: "original", label: "Original", ratio: null },
  { value: "4:5", label: "4:5", ratio: 4 / 5 },
  { value: "1:1", label: "1:1", ratio: 1 },
];

export type PickedFile = {
  id: string;
  file: File;
  kind: UploadKind;
  /** The file itself, as an object URL. */
  url: string;
  /** What the thumbnail shows: undefined while it is being made, null when the browser cannot preview the file. */
  thumb: string | null | undefined;
  /** Upright size in pixels, once the browser has read it. */
  width: number | null;
  height: number | null;
  crop: CropChoice;
  alt: string;
};

/** The crop to send for `item` ("original", or a photo whose size the browser could not read: none). */
export function cropOf(item: PickedFile): Crop | null {
  const ratio = CROP_CHOICES.find((choice) => choice.value === item.crop)?.ratio ?? null;
  if (item.kind !== "image" || ratio === null || !item.width || !item.height) return null;
  return centredCrop(item.width, item.height, ratio);
}

/** The shape the thumbnail shows: the crop's, else the file's own (square until known). */
export function shapeOf(item: PickedFile): number {
  const ratio = CROP_CHOICES.find((choice) => choice.value === item.crop)?.ratio ?? null;
  if (ratio !== null) return ratio;
  return item.width && item.height ? item.width / item.height : 1;
}

export const PREVIEW_TEXT = {
  videoUnavailable: "Video — preview not available in this browser",
  photoUnavailable: "Photo — preview not available in this browser",
  altMissing: "No description yet. A few words help people who cannot see it.",
} as const;

let pickedIds = 0;

/** Nothing but black (or almost): a frame not worth showing. */
function isBlank(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let index = 0; index < data.length; index += 4 * 7) {
    if (data[index] > 12 || data[index + 1] > 12 || data[index + 2] > 12) return false;
  }
  return true;
}

/**
 * A frame of the video at `url`, drawn by the browser: an object URL of a JPEG with the
 * video's size, or null when this browser cannot decode the clip (or the frame is black).
 */
export function videoStill(url: string): Promise<{ src: string; width: number; height: number } | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    let settled = false;
    const finish = (value: { src: string; width: number; height: number } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), 8000);
    const draw = () => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return finish(null);
      const scale = Math.min(1, 640 / Math.max(width, height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) return finish(null);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        if (isBlank(context, canvas.width, canvas.height)) return finish(null);
      } catch {
        return finish(null);
      }
      canvas.toBlob((blob) => finish(blob ? { src: URL.createObjectURL(blob), width, height } : null), "image/jpeg", 0.82);
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.addEventListener("error", () => finish(null));
    video.addEventListener("loadeddata", () => {
      if (!video.videoWidth || !video.videoHeight) return finish(null);
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      // A little way in: the very first frame is often black.
      if (duration > 0.2) video.currentTime = Math.min(1, duration / 3);
      else draw();
    });
    video.addEventListener("seeked", draw);
    video.src = url;
  });
}

/** Frees what a picked file holds (unless it now shows a post being prepared). */
function release(item: PickedFile) {
  for (const src of [item.url, item.thumb]) {
    if (src && src.startsWith("blob:") && !isKeptPreview(src)) URL.revokeObjectURL(src);
  }
}

export type MediaPickerProps = {
  items: PickedFile[];
  onChange: Dispatch<SetStateAction<PickedFile[]>>;
  /** False until hydrated: the numbered fields are all there is. */
  enhanced: boolean;
  disabled?: boolean;
  /** While the post is sent: how much of each file is sent (percent, in the items' order). */
  sent?: readonly number[] | null;
};

/** The form without JavaScript: one numbered block per file. */
function PlainFields() {
  const blocks = Array.from({ length: UPLOAD_LIMITS.files }, (_, index) => index + 1);
  const block = (number: number) => (
    <fieldset key={number} className="plain-file" data-testid="plain-file">
      <legend className="plain-file__title">Photo or video {number}</legend>
      <label className="plain-file__field">
        <span>File {number}</span>
        <input type="file" name={`media.${number}`} accept="image/*,video/*" />
      </label>
      <label className="plain-file__field plain-file__field--position">
        <span>Position of file {number}</span>
        <input className="input" type="number" name={`position.${number}`} min={1} max={UPLOAD_LIMITS.files} defaultValue={number} inputMode="numeric" />
      </label>
      <label className="plain-file__field plain-file__field--alt">
        <span>Description of file {number}</span>
        <textarea className="input" name={`alt.${number}`} rows={2} maxLength={MAX_ALT_LENGTH} />
      </label>
    </fieldset>
  );
  return (
    <div className="media-picker__plain">
      <p className="upload-hint">
        Choose a file in each block you need. The file at position 1 is the cover; the others follow by their positions. Photos are kept whole. A description (up to{" "}
        {wholeNumber(MAX_ALT_LENGTH)} characters) tells people who cannot see the photo or video what it shows.
      </p>
      {blocks.slice(0, 3).map(block)}
      <details className="plain-file__more">
        <summary>More files (4 to {UPLOAD_LIMITS.files})</summary>
        {blocks.slice(3).map(block)}
      </details>
    </div>
  );
}

function Thumb({ item, onImage }: { item: PickedFile; onImage: (width: number | null, height: number | null) => void }) {
  if (item.thumb === null) {
    return (
      <span className="media-item__tile" data-testid="preview-unavailable">
        {item.kind === "video" ? <Film aria-hidden /> : <Image aria-hidden />}
        <span>{item.kind === "video" ? PREVIEW_TEXT.videoUnavailable : PREVIEW_TEXT.photoUnavailable}</span>
      </span>
    );
  }
  if (item.thumb === undefined && item.kind === "video") {
    return <span className="media-item__tile media-item__tile--loading" aria-hidden />;
  }
  return (
    <img
      className="media-item__image"
      src={item.thumb ?? item.url}
      alt={`Preview of ${item.file.name}`}
      data-testid={item.kind === "video" ? "video-frame" : "photo-preview"}
      onLoad={(event) => {
        if (item.kind === "image") onImage(event.currentTarget.naturalWidth || null, event.currentTarget.naturalHeight || null);
      }}
      onError={() => onImage(null, null)}
    />
  );
}

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
        <PlainFields />
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
            {items.map((item, index) => {
              const name = item.file.name;
              return (
                <li
                  key={item.id}
                  className="media-item"
                  data-kind={item.kind}
                  data-dragging={dragId === item.id || undefined}
                  data-testid="media-item"
                  draggable={!disabled}
                  onDragStart={(event) => {
                    setDragId(item.id);
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", item.id);
                  }}
                  onDragEnd={() => setDragId(null)}
                  onDragOver={(event) => {
                    if (!dragId) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                  }}
                  onDrop={(event) => {
                    if (!dragId) return;
                    event.preventDefault();
                    event.stopPropagation();
                    const from = latest.current.findIndex((candidate) => candidate.id === dragId);
                    setDragId(null);
                    move(from, index);
                  }}
                >
                  <div className="media-item__thumb" style={{ aspectRatio: String(shapeOf(item)) }}>
                    <Thumb item={item} onImage={(width, height) => update(item.id, width && height ? { width, height, thumb: item.url } : { thumb: null })} />
                    {index === 0 ? (
                      <span className="preview__cover" data-testid="cover-badge">
                        Cover
                      </span>
                    ) : null}
                    {item.kind === "video" ? (
                      <span className="preview__badge" aria-hidden>
                        <Film />
                      </span>
                    ) : null}
                    {sent && sent[index] !== undefined ? (
                      <span
                        className="media-item__sent"
                        role="progressbar"
                        aria-label={`Sending ${name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={sent[index]}
                        data-testid="file-sent"
                      >
                        <span className="media-item__sent-bar" style={{ width: `${sent[index]}%` }} />
                        <span className="media-item__sent-text">{sent[index] >= 100 ? "Sent" : `${sent[index]}%`}</span>
                      </span>
                    ) : null}
                  </div>
                  <div className="media-item__body">
                    <p className="media-item__name">
                      <span className="media-item__number">{index + 1}.</span> {name}
                    </p>
                    <div className="media-item__actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Move ${name} earlier`}
                        onClick={() => move(index, index - 1)}
                        disabled={index === 0 || disabled}
                      >
                        <ChevronLeft aria-hidden size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Move ${name} later`}
                        onClick={() => move(index, index + 1)}
                        disabled={index === items.length - 1 || disabled}
                      >
                        <ChevronRight aria-hidden size={16} />
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        aria-label={`Make ${name} the cover`}
                        onClick={() => move(index, 0)}
                        disabled={index === 0 || disabled}
                      >
                        <Star aria-hidden size={16} />
                      </button>
                      <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${name}`} onClick={() => remove(item.id)} disabled={disabled}>
                        <X aria-hidden size={16} />
                      </button>
                    </div>
                    {item.kind === "image" ? (
                      <fieldset className="media-item__crop" disabled={disabled || !item.width}>
                        <legend>Crop {name}</legend>
                        {CROP_CHOICES.map((choice) => (
                          <label key={choice.value} className="media-item__crop-choice">
                            <input
                              type="radio"
                              name={`crop-choice-${item.id}`}
                              value={choice.value}
                              checked={item.crop === choice.value}
                              onChange={() => update(item.id, { crop: choice.value })}
                            />
                            <span>{choice.label}</span>
                          </label>
                        ))}
                      </fieldset>
                    ) : null}
                  </div>
                  <label className="media-item__alt">
                    <span className="media-item__alt-label">Description of {name}</span>
                    <textarea
                      className="input"
                      rows={2}
                      maxLength={MAX_ALT_LENGTH}
                      value={item.alt}
                      disabled={disabled}
                      placeholder="What does it show? (alt text)"
                      onChange={(event) => update(item.id, { alt: event.target.value })}
                    />
                    {item.alt.trim() === "" ? (
                      <span className="media-item__alt-hint" data-testid="alt-reminder">
                        {PREVIEW_TEXT.altMissing}
                      </span>
                    ) : item.alt.length > MAX_ALT_LENGTH * 0.8 ? (
                      <span className="media-item__alt-hint">
                        {item.alt.length} / {MAX_ALT_LENGTH}
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </div>
  );
}
