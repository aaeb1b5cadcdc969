// The share modal: the post's link and its embed code (an iframe at the post's own size,
// as oEmbed gives it), each with a copy button that says 'Copied!' for 2 s, and the device's own
// share sheet where the browser has one. Every copy or share is counted through
// POST /api/posts/{id}/share with its channel (link, embed, native), on a fetcher.
import { useFetcher } from "@remix-run/react";
import { useReturnFocus } from "~/components/shell/focus";
import { Check, Code2, Copy, Link2, Share } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { COPY_CONFIRMATION } from "~/lib/constants";
import { errorOf, useFetcherSettled, type ErrorAnswer } from "~/lib/client/fetcher-answer";
import type { ShareChannel } from "~/lib/schemas/post-schemas";
import { embedCode, postUrl, SHARE_MESSAGES, SITE_NAME, type EmbeddablePost } from "./share-links";
import { apiPaths } from "~/lib/paths";
import { Modal } from "~/components/shell/Modal";
import "~/components/report/report.css";
import "./share.css";

export type ShareModalProps = {
  /** The post; its content sizes the embed code. */
  post: EmbeddablePost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "@jess on Car Social: Godzilla" (native share and the iframe's title). */
  title?: string;
  /** Called with the post's share count after each counted share. */
  onShared?: (shares: number) => void;
  /** The site's origin; the page's own by default. */
  origin?: string;
};

/**
 * Counts shares on a fetcher (POST /api/posts/{id}/share with the channel); the answer's
 * { shares } goes to `onShared`. A share that could not be counted is not shown.
 */
function useShareCount(postId: number, onShared?: (shares: number) => void) {
  const fetcher = useFetcher<{ shares?: unknown } | ErrorAnswer>();
  useFetcherSettled(fetcher, (data) => {
    const shares = data && !errorOf(data) ? (data as { shares?: unknown }).shares : undefined;
    if (typeof shares === "number") onShared?.(shares);
  });
  return (channel: ShareChannel) => fetcher.submit({ channel }, { method: "post", action: apiPaths.postShare(postId) });
}

async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back to selecting the field
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function CopyButton({ label, onCopy, testId }: { label: string; onCopy: () => Promise<boolean>; testId: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <button
      type="button"
      className="btn btn--sm share-copy"
      data-state={state}
      data-testid={testId}
      onClick={async () => {
        const ok = await onCopy();
        setState(ok ? "copied" : "failed");
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setState("idle"), COPY_CONFIRMATION);
      }}
    >
      {state === "copied" ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
      <span aria-live="polite">{state === "copied" ? SHARE_MESSAGES.copied : label}</span>
    </button>
  );
}

export function ShareModal({ post, open, onOpenChange, title, onShared, origin }: ShareModalProps) {
  // Focus goes back to whatever opened it (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(open);
  const postId = post.id;
  const [base, setBase] = useState(origin ?? "");
  const [canShare, setCanShare] = useState(false);
  const [failed, setFailed] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const linkId = useId();
  const codeId = useId();

  useEffect(() => {
    if (!origin) setBase(window.location.origin);
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, [origin]);
  useEffect(() => {
    if (open) setFailed(false);
  }, [open]);

  const link = postUrl(base, postId);
  const code = embedCode(base, post, title ?? `Post on ${SITE_NAME}`);

  const count = useShareCount(postId, onShared);

  async function copy(channel: "link" | "embed") {
    const ok = await copyText(channel === "link" ? link : code, channel === "link" ? linkRef.current : codeRef.current);
    setFailed(!ok);
    if (ok) void count(channel);
    return ok;
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="social-modal share-modal"
      icon={<Share aria-hidden size={20} />}
      title={SHARE_MESSAGES.title}
      testId="share-modal"
      onCloseAutoFocus={returnFocus}
    >
      {canShare ? (
        <button
          type="button"
          className="btn btn--primary btn--block share-modal__native"
          onClick={async () => {
            try {
              await navigator.share({ title: title ?? SITE_NAME, url: link });
              void count("native");
            } catch {
              // cancelled
            }
          }}
        >
          <Share aria-hidden size={18} /> {SHARE_MESSAGES.native}
        </button>
      ) : null}

      <section className="share-modal__section">
        <label className="label share-modal__label" htmlFor={linkId}>
          <Link2 aria-hidden size={16} /> {SHARE_MESSAGES.link}
        </label>
        <div className="share-modal__row">
          <input
            ref={linkRef}
            id={linkId}
            className="input share-modal__field"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link"
          />
          <CopyButton label={SHARE_MESSAGES.copyLink} onCopy={() => copy("link")} testId="copy-link" />
        </div>
      </section>

      <section className="share-modal__section">
        <label className="label share-modal__label" htmlFor={codeId}>
          <Code2 aria-hidden size={16} /> {SHARE_MESSAGES.embed}
        </label>
        <textarea
          ref={codeRef}
          id={codeId}
          className="input share-modal__code"
          readOnly
          rows={4}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-embed"
        />
        <div className="share-modal__footer">
          <p className="share-modal__hint">{SHARE_MESSAGES.embedHint}</p>
          <CopyButton label={SHARE_MESSAGES.copyEmbed} onCopy={() => copy("embed")} testId="copy-embed" />
        </div>
      </section>

      {failed ? (
        <p className="social-modal__error" role="alert">
          {SHARE_MESSAGES.copyFailed}
        </p>
      ) : null}
    </Modal>
  );
}
