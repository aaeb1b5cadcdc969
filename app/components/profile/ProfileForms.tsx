// The three forms of /profile: profile photo, nickname, Grams setting. Plain <Form> posts
// to the page's action (no JavaScript needed); errors show under their field.
import { Form } from "@remix-run/react";
import { ImagePlus, Trash2 } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/shell/Avatar";
import "./profile.css";

export type ProfileActionData = {
  intent: string;
  errors: Partial<Record<"nickname" | "show_all_grams_posts" | "profile_image" | "form", string>>;
  /** What was typed, given back with the errors (a page without JavaScript re-renders). */
  values?: { nickname?: string };
};

export type EditableProfile = {
  username: string;
  nickname: string | null;
  profile_image: string | null;
  show_all_grams_posts: boolean;
};

export const NICKNAME_MAX_LENGTH = 40;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="profile-field__error" role="alert">
      {message}
    </p>
  );
}

function PhotoForm({ profile, error, pending }: { profile: EditableProfile; error?: string; pending: boolean }) {
  const inputId = useId();
  const errorId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // After a successful upload the page reloads its data: forget the local preview.
  useEffect(() => {
    setPreview(null);
    setFileName(null);
    formRef.current?.reset();
  }, [profile.profile_image]);

  return (
    <section className="profile-card" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="profile-card__title">
        Profile photo
      </h3>
      <div className="profile-photo">
        <div className="profile-photo__preview">
          {preview ? <img src={preview} alt="" width={96} height={96} className="avatar" /> : <Avatar name={profile.username} image={profile.profile_image} size={96} />}
        </div>
        <div className="profile-photo__forms">
          <Form method="post" encType="multipart/form-data" ref={formRef} className="profile-photo__upload">
            <input type="hidden" name="intent" value="photo" />
            <label htmlFor={inputId} className="profile-photo__pick">
              <ImagePlus aria-hidden size={18} />
              <span>{fileName ?? "Choose a photo"}</span>
            </label>
            <input
              id={inputId}
              className="profile-photo__file"
              type="file"
              name="profile_image"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setFileName(file ? file.name : null);
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
            />
            <button type="submit" className="btn btn--primary btn--sm" disabled={pending}>
              {pending ? "Uploading..." : "Upload"}
            </button>
          </Form>
          {profile.profile_image ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-photo" />
              <button type="submit" className="btn btn--ghost btn--sm">
                <Trash2 aria-hidden size={16} />
                Remove photo
              </button>
            </Form>
          ) : null}
          <p className="profile-field__hint">JPEG, PNG, WebP, GIF or HEIC up to 15 MB. We crop it square.</p>
          <FieldError id={errorId} message={error} />
        </div>
      </div>
    </section>
  );
}

function NicknameForm({ profile, error, typed, pending }: { profile: EditableProfile; error?: string; typed?: string; pending: boolean }) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  return (
    <section className="profile-card">
      <Form method="post" className="profile-field" key={profile.nickname ?? ""}>
        <input type="hidden" name="intent" value="nickname" />
        <label htmlFor={inputId} className="profile-card__title">
          Nickname
        </label>
        <p id={hintId} className="profile-field__hint">
          Shown instead of @{profile.username}. Leave it empty to use your username.
        </p>
        <div className="profile-field__row">
          <input
            id={inputId}
            className="input"
            name="nickname"
            defaultValue={typed ?? profile.nickname ?? ""}
            maxLength={NICKNAME_MAX_LENGTH}
            autoComplete="nickname"
            placeholder={profile.username}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? "Saving..." : "Save"}
          </button>
        </div>
        <FieldError id={errorId} message={error} />
      </Form>
    </section>
  );
}

function GramsForm({ profile, error, pending }: { profile: EditableProfile; error?: string; pending: boolean }) {
  const inputId = useId();
  const errorId = useId();
  return (
    <section className="profile-card">
      <Form method="post" className="profile-field" key={String(profile.show_all_grams_posts)}>
        <input type="hidden" name="intent" value="grams" />
        <h3 className="profile-card__title">Grams feed</h3>
        <label htmlFor={inputId} className="profile-switch">
          <span className="profile-switch__text">
            <span className="profile-switch__label">Show all posts in Grams</span>
            <span className="profile-field__hint">Off: only posts with a video or an audio link. On: every post with photos or audio.</span>
          </span>
          <input
            id={inputId}
            type="checkbox"
            role="switch"
            name="show_all_grams_posts"
            value="true"
            defaultChecked={profile.show_all_grams_posts}
            className="profile-switch__input"
            aria-describedby={error ? errorId : undefined}
          />
          <span className="profile-switch__track" aria-hidden>
            <span className="profile-switch__thumb" />
          </span>
        </label>
        <div className="profile-field__actions">
          <button type="submit" className="btn btn--secondary btn--sm" disabled={pending}>
            {pending ? "Saving..." : "Save setting"}
          </button>
        </div>
        <FieldError id={errorId} message={error} />
      </Form>
    </section>
  );
}

export function ProfileForms({ profile, actionData, pendingIntent }: { profile: EditableProfile; actionData?: ProfileActionData; pendingIntent: string | null }) {
  const errors = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  return (
    <div className="profile-forms">
      {actionData?.errors.form ? (
        <p className="profile-field__error" role="alert">
          {actionData.errors.form}
        </p>
      ) : null}
      <PhotoForm profile={profile} error={errors("photo").profile_image ?? errors("remove-photo").profile_image} pending={pendingIntent === "photo"} />
      <NicknameForm
        profile={profile}
        error={errors("nickname").nickname}
        typed={actionData?.intent === "nickname" ? actionData.values?.nickname : undefined}
        pending={pendingIntent === "nickname"}
      />
      <GramsForm profile={profile} error={errors("grams").show_all_grams_posts} pending={pendingIntent === "grams"} />
    </div>
  );
}
