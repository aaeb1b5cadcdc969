// The new-post form (/upload): media, story, cars, layout, audio. A real multipart
// form posting to /api/posts with a hidden redirectTo, so it works with no JavaScript (the
// server sends a refused form back here with what was typed). With JavaScript the files are
// checked first and sent in the author's order with their descriptions and crops, the upload
// shows its progress (XMLHttpRequest), errors appear next to the form without losing
// anything typed, and the new post opens at once, showing the browser's previews while its
// media are prepared ("Preparing your post…").
import { Form, useNavigate } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { AlertCircle, LayoutGrid, Loader2, Music2, PenLine, Rows3, Send, Sparkles, Square, GalleryHorizontal } from "~/components/icons";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MusicSearch } from "~/components/audio/MusicSearch";
import { useHydrated } from "~/lib/client/hydrated";
import { notify } from "~/components/shell/notify";
import { defaultLayout, type Layout } from "~/lib/rules/layout";
import { postPath, apiPaths } from "~/lib/paths";
import { INVALID_SOUNDCLOUD_URL, normalizeSoundCloudUrl } from "~/lib/rules/soundcloud";
import { MAX_STORY_LENGTH, POST_MESSAGES } from "~/lib/schemas/post-schemas";
import type { TaggedMod } from "~/lib/rules/post-mods";
import { PROCESSING_TEXT } from "~/lib/rules/post-status";
import { cropText } from "~/lib/schemas/upload-media-fields";
import { keepPreviews } from "~/lib/client/upload-previews";
import { MediaPicker } from "./MediaPicker";
import { cropOf, type PickedFile, shapeOf } from "./picked-files";
import { LayoutSection } from "./LayoutSection";
import { CarChoices } from "./CarChoices";
import { ModChoices } from "./ModChoices";
import { automaticLayoutText, LAYOUT_CHOICES, LAYOUT_LABELS, sentPerFile, UPLOAD_MESSAGES } from "./upload-rules";
import { useMentionSuggestions } from "~/components/text/MentionSuggestions";

export type UploadCar = { id: number; line: string };

export type UploadDefaults = {
  error?: string | null;
  story?: string;
  carIds?: number[];
  modIds?: number[];
  layout?: string;
  soundcloud_url?: string;
};

const LAYOUT_ICONS: Record<Layout | "auto", typeof Sparkles> = {
  auto: Sparkles,
  album: Rows3,
  grid: LayoutGrid,
  carousel: GalleryHorizontal,
  single: Square,
};

/**
 * While uploading, `progress` is the share of the bytes sent (0 to 1) and `sent` each file's
 * percent, both null until the browser knows the size.
 */
type Phase = { kind: "idle" } | { kind: "uploading"; progress: number | null; sent: number[] | null } | { kind: "processing" };

function sendPost(data: FormData, onProgress: (loaded: number, total: number) => void, onUploaded: () => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiPaths.posts);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = onUploaded;
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.failed));
    xhr.onabort = () => reject(new Error(UPLOAD_MESSAGES.failed));
    xhr.send(data);
  });
}

export function UploadForm({ cars, mods = [], defaults = {} }: { cars: UploadCar[]; mods?: readonly TaggedMod[]; defaults?: UploadDefaults }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [items, setItems] = useState<PickedFile[]>([]);
  const [story, setStory] = useState(defaults.story ?? "");
  const [error, setError] = useState<string | null>(defaults.error ?? null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const errorRef = useRef<HTMLDivElement>(null);
  const [carIds, setCarIds] = useState<number[]>(defaults.carIds ?? []);
  const storyId = useId();
  const storyField = useRef<HTMLTextAreaElement>(null);
  const storyMention = useMentionSuggestions({ value: story, setValue: setStory, field: storyField });
  const busy = phase.kind !== "idle";
  const chosenLayout = defaults.layout && LAYOUT_CHOICES.includes(defaults.layout as Layout) ? defaults.layout : "";

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const link = String(data.get("soundcloud_url") ?? "").trim();
    if (link && !normalizeSoundCloudUrl(link)) {
      setError(INVALID_SOUNDCLOUD_URL);
      return;
    }
    if (items.length === 0 && story.trim() === "" && !link) {
      setError(UPLOAD_MESSAGES.nothing);
      return;
    }
    setError(null);
    data.delete("media");
    data.delete("redirectTo");
    // The crop buttons are the picker's own; what is sent is the crop they make.
    for (const key of [...data.keys()]) if (key.startsWith("crop-choice-")) data.delete(key);
    // File N's description and crop go as alt.N and crop.N; the files go in the author's order.
    items.forEach((item, index) => {
      data.append("media", item.file, item.file.name);
      if (item.alt.trim() !== "") data.set(`alt.${index + 1}`, item.alt);
      const crop = cropOf(item);
      if (crop) data.set(`crop.${index + 1}`, cropText(crop));
    });

    setPhase({ kind: "uploading", progress: null, sent: null });
    const sizes = items.map((item) => item.file.size);
    try {
      const { status, body } = await sendPost(
        data,
        (loaded, total) =>
          setPhase((current) => (current.kind === "uploading" ? { kind: "uploading", progress: loaded / total, sent: sentPerFile(loaded, total, sizes) } : current)),
        () => setPhase({ kind: "processing" }),
      );
      const answer = (body ?? {}) as { post?: { id?: number; status?: string }; error?: string };
      if (status === 201 && typeof answer.post?.id === "number") {
        if (answer.post.status === "processing") {
          // The post opens at once with these previews while the server prepares its media.
          keepPreviews(
            answer.post.id,
            items.map((item) => ({
              name: item.file.name,
              kind: item.kind,
              src: item.thumb === null ? null : item.kind === "image" ? item.url : (item.thumb ?? null),
              ratio: shapeOf(item),
            })),
          );
          notify.success(PROCESSING_TEXT.preparing);
        } else {
          notify.success(POST_MESSAGES.created);
        }
        navigate(postPath(answer.post.id));
        return;
      }
      setError(answer.error ?? (status === 413 ? UPLOAD_MESSAGES.postTooLarge : `${UPLOAD_MESSAGES.failed} (${status})`));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UPLOAD_MESSAGES.failed);
    } finally {
      setPhase((current) => (current.kind === "idle" ? current : { kind: "idle" }));
    }
  }

  const count = items.length;
  const autoText = hydrated ? automaticLayoutText(count) : "Single for 1 photo, carousel for 2 to 6, grid for more";
  const autoPick = hydrated && count > 0 ? defaultLayout(count) : null;
  // Null while the size is unknown: the bar is then indeterminate and the text names no number.
  const percent = phase.kind === "uploading" ? (phase.progress === null ? null : Math.round(phase.progress * 100)) : phase.kind === "processing" ? 100 : null;

  return (
    <Form
      method="post"
      action={apiPaths.posts}
      encType="multipart/form-data"
      noValidate
      className="upload-form"
      onSubmit={submit}
      data-testid="upload-form"
      data-hydrated={hydrated || undefined}
    >
      <input type="hidden" name="redirectTo" value="/upload" />

      <div className="upload-form__media">
        <MediaPicker items={items} onChange={setItems} enhanced={hydrated} disabled={busy} sent={phase.kind === "uploading" ? phase.sent : null} />
      </div>

      <div className="upload-form__details">
        {error ? (
          <div className="upload-error" role="alert" tabIndex={-1} ref={errorRef} data-testid="upload-error">
            <AlertCircle aria-hidden className="upload-error__icon" />
            <p>{error}</p>
          </div>
        ) : null}

        <section className="upload-section">
          <label className="upload-section__title" htmlFor={storyId}>
            <PenLine aria-hidden /> Story
          </label>
          <textarea
            ref={storyField}
            id={storyId}
            className="input upload-story"
            name="story"
            rows={5}
            maxLength={MAX_STORY_LENGTH}
            placeholder="What's the story? Mods, the drive, the meet…"
            value={story}
            {...storyMention.fieldProps}
            onKeyDown={(event) => storyMention.onKeyDown(event)}
          />
          {storyMention.list}
          {story.length > MAX_STORY_LENGTH * 0.8 ? (
            <p className="upload-hint upload-hint--count">
              {story.length} / {MAX_STORY_LENGTH}
            </p>
          ) : null}
        </section>

        <CarChoices
          cars={cars}
          defaultCarIds={defaults.carIds ?? []}
          empty={
            <p className="upload-hint">
              You haven't added a car yet. <Link to="/my-cars">Add one in My Cars</Link> to tag it in your posts.
            </p>
          }
          onTicked={setCarIds}
        />

        <ModChoices cars={cars} mods={mods} carIds={carIds} defaultModIds={defaults.modIds} enhanced={hydrated} />

        <LayoutSection>
          <label className="choice choice--layout">
            <input type="radio" name="layout" value="" defaultChecked={chosenLayout === ""} />
            <span className="choice__icon" aria-hidden>
              <Sparkles />
            </span>
            <span className="choice__text">
              <span className="choice__title">Automatic</span>
              <span className="choice__sub" data-testid="layout-auto">
                {autoText}
              </span>
            </span>
          </label>
          {LAYOUT_CHOICES.map((layout) => {
            const Icon = LAYOUT_ICONS[layout];
            return (
              <label key={layout} className="choice choice--layout" data-suggested={autoPick === layout || undefined}>
                <input type="radio" name="layout" value={layout} defaultChecked={chosenLayout === layout} />
                <span className="choice__icon" aria-hidden>
                  <Icon />
                </span>
                <span className="choice__text">
                  <span className="choice__title">{LAYOUT_LABELS[layout].title}</span>
                  <span className="choice__sub">{LAYOUT_LABELS[layout].text}</span>
                </span>
              </label>
            );
          })}
        </LayoutSection>

        <section className="upload-section">
          <h2 className="upload-section__title">
            <Music2 aria-hidden /> Soundtrack <span className="upload-section__optional">optional</span>
          </h2>
          <MusicSearch defaultValue={defaults.soundcloud_url ?? ""} />
        </section>

        <div className="upload-submit">
          {busy ? (
            <div className="upload-progress" role="status" aria-live="polite" data-testid="upload-progress">
              <div
                className="upload-progress__bar"
                role="progressbar"
                aria-label="Upload"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent ?? undefined}
                style={{ width: `${percent ?? 0}%` }}
              />
              <span className="upload-progress__text">
                {phase.kind === "processing" ? UPLOAD_MESSAGES.processing : percent === null ? UPLOAD_MESSAGES.uploading : `${UPLOAD_MESSAGES.uploading} ${percent}%`}
              </span>
            </div>
          ) : null}
          <button type="submit" className="btn btn--primary btn--block upload-submit__button" disabled={busy}>
            {busy ? <Loader2 aria-hidden size={18} className="spin" /> : <Send aria-hidden size={18} />}
            {busy ? "Posting…" : "Share post"}
          </button>
        </div>
      </div>
    </Form>
  );
}
