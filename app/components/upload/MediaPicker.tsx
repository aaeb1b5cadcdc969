// The photos and videos of a new post. Without JavaScript: a plain file input
// (`media`, several files). With JavaScript: drag and drop or pick, checks each file before
// it is sent (type, size, count, total), and shows previews (videos first) that can be
// removed or moved.
import { ChevronLeft, ChevronRight, Film, ImagePlus, UploadCloud, X } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { UPLOAD_LIMITS } from "~/lib/media-types";
import { addFiles, formatBytes, moveWithinKind, uploadKindOf, videosFirst, type Rejected, type UploadKind } from "./upload-rules";

export type PickedFile = { id: string; file: File; kind: UploadKind; url: string };

let pickedIds = 0;

export type MediaPickerProps = {
  items: PickedFile[];
  onChange: (items: PickedFile[]) => void;
  /** False until hydrated: the plain input is all there is. */
  enhanced: boolean;
  disabled?: boolean;
};

const kindOf = (item: PickedFile) => item.kind;

export function MediaPicker({ items, onChange, enhanced, disabled = false }: MediaPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const latest = useRef(items);
  latest.current = items;

  // Object URLs are freed when the picker goes away.
  useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  function add(files: FileList | File[] | null) {
    if (!files || disabled) return;
    const list = Array.from(files);
    const { accepted, rejected: refused } = addFiles(
      latest.current.map((item) => item.file),
      list,
    );
    setRejected(refused);
    if (accepted.length === 0) return;
    const added = accepted.map((file) => ({
      id: `picked-${++pickedIds}`,
      file,
      kind: uploadKindOf(file) ?? "image",
      url: URL.createObjectURL(file),
    }));
    onChange(videosFirst([...latest.current, ...added], kindOf));
  }

  function remove(id: string) {
    const item = latest.current.find((candidate) => candidate.id === id);
    if (item) URL.revokeObjectURL(item.url);
    onChange(latest.current.filter((candidate) => candidate.id !== id));
  }

  function move(index: number, step: -1 | 1) {
    const next = moveWithinKind(latest.current, index, step, kindOf);
    if (next !== latest.current) onChange([...next]);
  }

  const total = items.reduce((sum, item) => sum + item.file.size, 0);

  return (
    <div className="media-picker" data-enhanced={enhanced || undefined} data-count={items.length}>
      <label
        htmlFor={inputId}
        className="dropzone"
        data-dragging={dragging || undefined}
        data-compact={items.length > 0 || undefined}
        onDragEnter={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setDragging(false);
        }}
        onDrop={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
      >
        <span className="dropzone__icon" aria-hidden>
          {items.length > 0 ? <ImagePlus /> : <UploadCloud />}
        </span>
        <span className="dropzone__title">{items.length > 0 ? "Add more" : enhanced ? "Drop photos and videos here" : "Choose photos and videos"}</span>
        <span className="dropzone__text" id={hintId}>
          {enhanced ? "or click to choose · " : ""}JPEG, PNG, WebP, HEIC up to {UPLOAD_LIMITS.imageBytes / 1024 / 1024} MB · MP4, MOV, WebM up to{" "}
          {UPLOAD_LIMITS.videoBytes / 1024 / 1024} MB · {UPLOAD_LIMITS.files} files at most
        </span>
        <input
          ref={input}
          id={inputId}
          className={enhanced ? "visually-hidden" : "dropzone__input"}
          type="file"
          name="media"
          multiple
          accept="image/*,video/*"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => {
            if (!enhanced) return;
            add(event.currentTarget.files);
            // The chosen files now live in the list; the input can pick again.
            event.currentTarget.value = "";
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

      {items.length > 0 ? (
        <>
          <p className="media-picker__summary">
            {items.length} {items.length === 1 ? "file" : "files"} · {formatBytes(total)}
            {items.some((item) => item.kind === "video") ? " · videos are shown first" : ""}
          </p>
          <ol className="media-picker__grid" aria-label="Chosen photos and videos" data-testid="upload-previews">
            {items.map((item, index) => {
              const canLeft = index > 0 && items[index - 1].kind === item.kind;
              const canRight = index < items.length - 1 && items[index + 1].kind === item.kind;
              return (
                <li key={item.id} className="preview" data-kind={item.kind}>
                  {item.kind === "video" ? (
                    <video className="preview__media" src={item.url} muted playsInline preload="metadata" aria-label={item.file.name} />
                  ) : (
                    <img className="preview__media" src={item.url} alt={item.file.name} />
                  )}
                  {index === 0 ? <span className="preview__cover">Cover</span> : null}
                  {item.kind === "video" ? (
                    <span className="preview__badge" aria-hidden>
                      <Film />
                    </span>
                  ) : null}
                  <button type="button" className="preview__remove" aria-label={`Remove ${item.file.name}`} onClick={() => remove(item.id)} disabled={disabled}>
                    <X aria-hidden />
                  </button>
                  <span className="preview__moves">
                    <button type="button" aria-label={`Move ${item.file.name} earlier`} onClick={() => move(index, -1)} disabled={!canLeft || disabled}>
                      <ChevronLeft aria-hidden />
                    </button>
                    <button type="button" aria-label={`Move ${item.file.name} later`} onClick={() => move(index, 1)} disabled={!canRight || disabled}>
                      <ChevronRight aria-hidden />
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </div>
  );
}
