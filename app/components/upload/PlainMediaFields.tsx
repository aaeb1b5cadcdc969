// The media step without JavaScript: numbered blocks, one file each (`media.N`), with its
// position (1 is the cover) and its description; photos are kept whole.
import { wholeNumber } from "~/lib/rules/formats";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";
import { MAX_ALT_LENGTH } from "~/lib/schemas/upload-media-fields";

/** The form without JavaScript: one numbered block per file. */
export function PlainMediaFields() {
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
