// The car's own photo on the add and edit forms: upload one (the same photos a post takes,
// HEIC included), or pick one of the car's post photos with a radio button. A plain form
// field set: it works without JavaScript.
import { imageUrlForWidth, mediaUrl, srcSetFor, type StoredPicture } from "~/lib/media/media-types";

export type CarPhotoChoiceView = { mediaId: number; postId: number; picture: StoredPicture };

export type CarPhotoView = {
  photo: StoredPicture | null;
  pickedMediaId: number | null;
  processing: boolean;
  error: string | null;
};

/** The radio value that keeps the photo as it is, and the one that goes back to the newest post's picture. */
export const KEEP_PHOTO = "keep";
export const NO_PHOTO = "none";

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif";

function Thumb({ picture, alt }: { picture: StoredPicture; alt: string }) {
  return (
    <img
      src={imageUrlForWidth(picture.path, picture.variants, 320)}
      srcSet={srcSetFor(picture.path, picture.variants, picture.width) || undefined}
      sizes="160px"
      alt={alt}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      loading="lazy"
    />
  );
}

export function CarPhotoField({ state, choices = [] }: { state?: CarPhotoView; choices?: CarPhotoChoiceView[] }) {
  const current = state?.photo ?? null;
  const picked = state?.pickedMediaId ?? null;
  return (
    <fieldset className="car-photo cm-grid__full">
      <legend className="label">Your car&apos;s photo</legend>
      <p className="cm-field__hint" id="car-photo-hint">
        It is your car&apos;s face everywhere it is shown. Without one, your car is shown with the photo of its newest post.
      </p>
      {state?.processing ? (
        <p className="cm-banner" role="status" data-testid="car-photo-processing">
          Your car&apos;s new photo is being processed: it shows here when it is ready.
        </p>
      ) : null}
      {state?.error ? (
        <p className="cm-banner cm-banner--error" role="alert">
          {state.error}
        </p>
      ) : null}
      {current ? (
        <figure className="car-photo__current">
          <img src={mediaUrl(current.path)} alt="How your car is shown now" width={current.width ?? undefined} height={current.height ?? undefined} />
          <figcaption>The photo now</figcaption>
        </figure>
      ) : null}
      <div className="field cm-field">
        <label className="label" htmlFor="car-photo-file">
          Upload a photo
        </label>
        <input id="car-photo-file" className="input" type="file" name="photo" accept={PHOTO_ACCEPT} aria-describedby="car-photo-hint" />
      </div>
      {choices.length > 0 ? (
        <div className="car-photo__choices" role="radiogroup" aria-label="Or pick one of its post photos">
          <p className="car-photo__or">Or pick one of its post photos:</p>
          <label className="car-photo__choice car-photo__choice--text">
            <input type="radio" name="photo_choice" value={KEEP_PHOTO} defaultChecked />
            <span>Keep it as it is</span>
          </label>
          {current ? (
            <label className="car-photo__choice car-photo__choice--text">
              <input type="radio" name="photo_choice" value={NO_PHOTO} />
              <span>Use the newest post&apos;s photo</span>
            </label>
          ) : null}
          <ul className="car-photo__grid">
            {choices.map((choice, index) => (
              <li key={choice.mediaId}>
                <label className={`car-photo__choice${choice.mediaId === picked ? " car-photo__choice--picked" : ""}`}>
                  <input type="radio" name="photo_choice" value={String(choice.mediaId)} />
                  <Thumb picture={choice.picture} alt={`Post photo ${index + 1}${choice.mediaId === picked ? " (the photo now)" : ""}`} />
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
