// What the author sees of a post that is not ready: its media in the post's real layout,
// each with its thumbnail (the browser's own preview from the upload form, or the server's
// still once the file is stored) under an overlay with its state; then each file's state,
// and for a file that failed, its name and why, with Remove and (when it can help) Try
// again. Those are real forms (POST with a redirectTo back here), so they work without
// JavaScript; with JavaScript they go through a fetcher to the same action. With
// JavaScript the panel also asks the server every few seconds (a fetcher's load) and reloads the page's data
// once the post is ready (or has failed), saying "Your post is live"; without, it says so and
// offers a reload link.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { useEffect, useRef, useState } from "react";
import { CheckCircle2, Clock, Film, Image, Loader2, RotateCcw, Trash2, XCircle } from "~/components/icons";
import { useHydrated } from "~/lib/client/hydrated";
import { errorOf, useFetcherSettled, type ErrorAnswer } from "~/lib/client/fetcher-answer";
import { postPath } from "~/lib/paths";
import { processingUrl, PROCESSING_TEXT, type PostProcessing as Processing, type UploadView } from "~/lib/rules/post-status";
import { effectiveLayout, type Layout } from "~/lib/rules/layout";
import { notify } from "~/components/shell/notify";
import { dropPreviews, previewsOf, type LocalPreview } from "~/lib/client/upload-previews";
import "./processing.css";

/** How often the page asks whether the post is ready. */
export const PROCESSING_POLL_MS = 2000;

function usePolledProcessing(initial: Processing): Processing {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [current, setCurrent] = useState(initial);
  useEffect(() => setCurrent(initial), [initial]);
  const poll = useFetcher<{ processing?: Processing } | ErrorAnswer>();
  const polling = useRef(false);
  polling.current = poll.state !== "idle";

  useFetcherSettled(poll, (data) => {
    if (data === undefined) return; // offline for a moment: ask again next time
    if (errorOf(data) !== null) {
      // Gone (deleted elsewhere) or published and moved on: let the loader decide.
      revalidator.revalidate();
      return;
    }
    const processing = (data as { processing?: Processing }).processing;
    if (!processing) return;
    setCurrent(processing);
    if (processing.status === "ready") {
      notify.success(PROCESSING_TEXT.live);
      dropPreviews(processing.id);
    }
    if (processing.status !== "processing") revalidator.revalidate();
  });

  const { load } = poll;
  useEffect(() => {
    if (!hydrated || current.status !== "processing") return;
    const timer = setInterval(() => {
      if (!polling.current) load(processingUrl(initial.id));
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [hydrated, current.status, initial.id, load]);
  return current;
}

function FileAction({ postId, file, intent, here }: { postId: number; file: UploadView; intent: "retry" | "remove"; here: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const label = intent === "retry" ? PROCESSING_TEXT.retry : PROCESSING_TEXT.remove;
  return (
    <fetcher.Form method="post" action={processingUrl(postId)} className="processing-file__action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="upload" value={file.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        className={intent === "retry" ? "btn btn--secondary btn--sm" : "btn btn--ghost btn--sm"}
        disabled={busy}
        aria-label={`${label}: ${file.name}`}
        data-testid={`processing-${intent}`}
      >
        {busy ? <Loader2 aria-hidden size={16} className="spin" /> : intent === "retry" ? <RotateCcw aria-hidden size={16} /> : <Trash2 aria-hidden size={16} />}
        {label}
      </button>
    </fetcher.Form>
  );
}

function FileState({ file }: { file: UploadView }) {
  if (file.status === "failed") return <XCircle aria-hidden size={18} className="processing-file__icon processing-file__icon--failed" />;
  if (file.status === "done") return <CheckCircle2 aria-hidden size={18} className="processing-file__icon processing-file__icon--done" />;
  return <Clock aria-hidden size={18} className="processing-file__icon" />;
}

/** What a file's tile shows over its thumbnail. */
function TileState({ file }: { file: UploadView }) {
  if (file.status === "failed") {
    return (
      <>
        <XCircle aria-hidden size={18} /> Failed
      </>
    );
  }
  if (file.status === "done") {
    return (
      <>
        <CheckCircle2 aria-hidden size={18} /> {PROCESSING_TEXT.readyFile}
      </>
    );
  }
  const text = file.error ? PROCESSING_TEXT.waitingFile : file.progress === null ? PROCESSING_TEXT.preparingFile : `${PROCESSING_TEXT.preparingFile} ${file.progress}%`;
  return (
    <>
      <Loader2 aria-hidden size={18} className="spin" /> {text}
      {file.progress !== null && !file.error ? (
        <span
          className="processing-tile__bar"
          role="progressbar"
          aria-label={`Preparing ${file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={file.progress}
        >
          <span style={{ width: `${file.progress}%` }} />
        </span>
      ) : null}
    </>
  );
}

/** The post's media as they will be laid out, each with its thumbnail and state. */
function ProcessingMedia({ processing, layout, local }: { processing: Processing; layout: Layout; local: LocalPreview[] | null }) {
  if (processing.files.length === 0) return null;
  return (
    <ol className="processing-media" data-layout={layout} aria-label="Your post's photos and videos" data-testid="processing-media">
      {processing.files.map((file, index) => {
        const preview = local?.[file.position] ?? null;
        // The server's still once there is one (crop applied), else the browser's own.
        const src = file.still ?? preview?.src ?? null;
        const ratio = preview?.ratio ?? (file.width && file.height ? file.width / file.height : 1);
        return (
          <li
            key={file.id}
            className="processing-tile"
            data-status={file.status}
            data-testid="processing-tile"
            style={index === 0 && (layout === "single" || layout === "album") ? { aspectRatio: String(Math.min(1.91, Math.max(0.8, ratio))) } : undefined}
          >
            {src ? (
              <img className="processing-tile__image" src={src} alt={file.alt ?? `Preview of ${file.name}`} data-testid="processing-thumb" />
            ) : (
              <span className="processing-tile__blank">
                {file.kind === "video" ? <Film aria-hidden size={22} /> : <Image aria-hidden size={22} />}
                <span>{file.name}</span>
              </span>
            )}
            <span className="processing-tile__overlay" data-testid="processing-overlay">
              <TileState file={file} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function PostProcessing({ processing: initial, layout }: { processing: Processing; layout?: string | null }) {
  const hydrated = useHydrated();
  const processing = usePolledProcessing(initial);
  const here = postPath(processing.id);
  const failed = processing.status === "failed";
  // The browser's previews exist only in the tab that sent the post, after hydration.
  const local = hydrated ? previewsOf(processing.id) : null;

  return (
    <section className="processing" data-status={processing.status} data-testid="post-processing" aria-labelledby="processing-title">
      <h2 id="processing-title" className="processing__title">
        {failed ? <XCircle aria-hidden size={20} /> : <Loader2 aria-hidden size={20} className="spin" />}
        {failed ? "Some files could not be processed" : PROCESSING_TEXT.title}
      </h2>
      <p className="processing__text" role="status" aria-live="polite">
        {failed ? PROCESSING_TEXT.failed : PROCESSING_TEXT.explain}
      </p>
      {!hydrated && !failed ? (
        <p className="processing__text" data-testid="processing-reload">
          {PROCESSING_TEXT.noScript}{" "}
          <Link to={here} reloadDocument>
            {PROCESSING_TEXT.reload}
          </Link>
        </p>
      ) : null}
      <ProcessingMedia processing={processing} layout={effectiveLayout(layout, processing.files.length)} local={local} />
      <ul className="processing__files">
        {processing.files.map((file) => (
          <li key={file.id} className="processing-file" data-status={file.status}>
            <FileState file={file} />
            {file.kind === "video" ? <Film aria-hidden size={16} /> : <Image aria-hidden size={16} />}
            <span className="processing-file__name">{file.name}</span>
            {file.status === "failed" ? (
              <>
                <p className="processing-file__error" role="alert" data-testid="processing-error">
                  {file.error}
                </p>
                <span className="processing-file__actions">
                  {file.retryable ? <FileAction postId={processing.id} file={file} intent="retry" here={here} /> : null}
                  <FileAction postId={processing.id} file={file} intent="remove" here={here} />
                </span>
              </>
            ) : (
              // A file can wait with a reason (its owner's hour of video processing is spent).
              <span className="processing-file__state">{file.status === "done" ? "Ready" : (file.error ?? "Waiting…")}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
