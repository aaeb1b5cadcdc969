// What the author sees of a post that is not ready: "Processing…" with each file's state,
// and for a file that failed, its name and why, with Remove and (when it can help) Try
// again. Those are real forms (POST with a redirectTo back here), so they work without
// JavaScript; with JavaScript they go through a fetcher to the same action. With
// JavaScript the panel also asks the server every few seconds (a fetcher's load) and reloads the page's data
// once the post is ready (or has failed); without, it says so and offers a reload link.
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CheckCircle2, Clock, Film, Image, Loader2, RotateCcw, Trash2, XCircle } from "~/components/icons";
import { useHydrated } from "~/lib/hydrated";
import { errorOf, useFetcherSettled, type ErrorAnswer } from "~/lib/fetcher-answer";
import { processingUrl, PROCESSING_TEXT, type PostProcessing as Processing, type UploadView } from "~/lib/post-status";
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

export function PostProcessing({ processing: initial }: { processing: Processing }) {
  const hydrated = useHydrated();
  const processing = usePolledProcessing(initial);
  const here = `/post/${processing.id}`;
  const failed = processing.status === "failed";

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
