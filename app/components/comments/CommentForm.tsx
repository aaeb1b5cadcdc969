// The comment and reply box: a real form posting to /api/comments (with redirectTo, so it
// works without JavaScript). With JavaScript the post button stays disabled while the
// trimmed text is empty, and the section posts it optimistically.
import { Send } from "~/components/icons";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { useMentionSuggestions } from "~/components/text/MentionSuggestions";
import { COMMENT_MAX, canPost } from "~/lib/schemas/comment-schemas";
import { apiPaths } from "~/lib/paths";

export function CommentForm({
  postId,
  parentId,
  returnTo,
  onPost,
  onCancel,
  initialText = "",
  autoFocus = false,
  placeholder,
}: {
  postId: number;
  parentId: number | null;
  returnTo: string;
  /** Posts the text; resolves false when it failed (the text comes back). */
  onPost: (content: string, parentId: number | null) => Promise<boolean>;
  onCancel?: () => void;
  initialText?: string;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(initialText);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    if (!autoFocus || !field.current) return;
    const element = field.current;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [autoFocus]);

  const mention = useMentionSuggestions({ value: text, setValue: setText, field });
  const ready = canPost(text);
  const isReply = parentId !== null;
  const nearLimit = text.length > COMMENT_MAX * 0.9;

  async function submit() {
    if (!ready) return;
    const content = text;
    setText("");
    onCancel?.();
    const ok = await onPost(content, parentId);
    if (!ok) setText((current) => (current === "" ? content : current));
  }

  return (
    <form
      method="post"
      action={apiPaths.comments}
      className="comment-form"
      data-reply={isReply || undefined}
      id={isReply ? `reply-${parentId}` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <input type="hidden" name="postId" value={postId} />
      {isReply && <input type="hidden" name="parentId" value={parentId} />}
      <input type="hidden" name="redirectTo" value={returnTo} />
      <label htmlFor={id} className="visually-hidden">
        {isReply ? "Write a reply" : "Write a comment"}
      </label>
      <textarea
        ref={field}
        id={id}
        name="content"
        className="comment-form__input"
        rows={isReply ? 2 : 3}
        maxLength={COMMENT_MAX}
        required
        placeholder={placeholder ?? (isReply ? "Write a reply…" : "Add a comment…")}
        value={text}
        {...mention.fieldProps}
        onKeyDown={(event) => {
          if (mention.onKeyDown(event)) return;
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void submit();
          }
          if (event.key === "Escape" && onCancel) onCancel();
        }}
      />
      {mention.list}
      <div className="comment-form__bar">
        {nearLimit && (
          <span className="comment-form__counter" aria-live="polite">
            {text.length} / {COMMENT_MAX}
          </span>
        )}
        {onCancel && hydrated && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
            Cancel
          </button>
        )}
        {/* Disabled for blank text only once JavaScript runs: without it the server says so. */}
        <button type="submit" className="btn btn--primary btn--sm" disabled={hydrated && !ready}>
          <Send aria-hidden size={16} />
          {isReply ? "Reply" : "Post"}
        </button>
      </div>
    </form>
  );
}
