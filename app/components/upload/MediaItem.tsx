// One chosen photo or video in the media picker: its thumbnail (or a tile when the browser
// cannot preview it), its place and the buttons that move it, its crop and its description.
import { ChevronLeft, ChevronRight, Film, Image, Star, X } from "~/components/icons";
import { MAX_ALT_LENGTH } from "~/lib/schemas/upload-media-fields";
import { CROP_CHOICES, PREVIEW_TEXT, shapeOf, type PickedFile } from "./picked-files";

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

export type MediaItemProps = {
  item: PickedFile;
  /** Its place in the list, from 0 (the cover). */
  index: number;
  /** How many files the list holds. */
  count: number;
  disabled: boolean;
  /** While the post is sent: how much of this file is sent (percent). */
  sent: number | undefined;
  /** The file being dragged within the list, if any. */
  dragId: string | null;
  onDragId: (id: string | null) => void;
  /** The dragged file was dropped on this one. */
  onDropHere: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  onUpdate: (patch: Partial<PickedFile>) => void;
};

export function MediaItem({ item, index, count, disabled, sent, dragId, onDragId, onDropHere, onMove, onRemove, onUpdate }: MediaItemProps) {
  const name = item.file.name;
  return (
    <li
      className="media-item"
      data-kind={item.kind}
      data-dragging={dragId === item.id || undefined}
      data-testid="media-item"
      draggable={!disabled}
      onDragStart={(event) => {
        onDragId(item.id);
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", item.id);
      }}
      onDragEnd={() => onDragId(null)}
      onDragOver={(event) => {
        if (!dragId) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
      }}
      onDrop={(event) => {
        if (!dragId) return;
        event.preventDefault();
        event.stopPropagation();
        onDropHere();
      }}
    >
      <div className="media-item__thumb" style={{ aspectRatio: String(shapeOf(item)) }}>
        <Thumb item={item} onImage={(width, height) => onUpdate(width && height ? { width, height, thumb: item.url } : { thumb: null })} />
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
        {sent !== undefined ? (
          <span
            className="media-item__sent"
            role="progressbar"
            aria-label={`Sending ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={sent}
            data-testid="file-sent"
          >
            <span className="media-item__sent-bar" style={{ width: `${sent}%` }} />
            <span className="media-item__sent-text">{sent >= 100 ? "Sent" : `${sent}%`}</span>
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
            onClick={() => onMove(index, index - 1)}
            disabled={index === 0 || disabled}
          >
            <ChevronLeft aria-hidden size={16} />
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={`Move ${name} later`}
            onClick={() => onMove(index, index + 1)}
            disabled={index === count - 1 || disabled}
          >
            <ChevronRight aria-hidden size={16} />
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={`Make ${name} the cover`}
            onClick={() => onMove(index, 0)}
            disabled={index === 0 || disabled}
          >
            <Star aria-hidden size={16} />
          </button>
          <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${name}`} onClick={() => onRemove(item.id)} disabled={disabled}>
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
                  onChange={() => onUpdate({ crop: choice.value })}
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
          onChange={(event) => onUpdate({ alt: event.target.value })}
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
}
