// /comment/{id}/edit: the author changes a comment's text (a plain form; with JavaScript the
// same form). It then shows "edited". Others get 403, a missing comment 404. A refused text
// comes back with the reason and what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertCircle, MessageCircle } from "~/components/icons";
import { EditActions } from "~/components/shell/EditActions";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { COMMENT_EDIT_MESSAGES, parseCommentEdit } from "~/lib/schemas/comment-edit-schemas";
import { COMMENT_MAX, COMMENT_MESSAGES } from "~/lib/schemas/comment-schemas";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { commentPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { editComment, getCommentForEdit } from "~/models/post-edit.server";
import { limitWrite } from "~/models/rate-limit.server";
import "~/components/comments/comments.css";

export const meta: MetaFunction = () => [{ title: `Edit comment · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const id = requireId(params, "id", COMMENT_MESSAGES.notFound);
  return answerUserErrors(() => getCommentForEdit(id, user));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const id = requireId(params, "id", COMMENT_MESSAGES.notFound);
    await limitWrite(request, "comment");
    const body = await readBody(request);
    const typed = typeof body.fields.content === "string" ? body.fields.content : "";
    const refuse = (status: number, error: string) => data({ error, content: typed }, { status });
    const parsed = parseCommentEdit(body.fields);
    if (!parsed.ok) return refuse(400, parsed.error);
    return answerUserErrors<Response | ReturnType<typeof refuse>>(
      async () => {
        const saved = await editComment(id, user, parsed.content);
        const cookie = await flashCookie(request, { toast: { type: "success", message: COMMENT_EDIT_MESSAGES.saved } });
        return redirect(commentPath(saved.post_id, saved.id), { status: 303, headers: { "Set-Cookie": cookie } });
      },
      (error) => refuse(error.status, error.message),
    );
  });
}

export default function EditComment() {
  const comment = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  return (
    <div className="page">
      <PageHeader title="Edit comment" icon={<MessageCircle />} />
      <Form method="post" className="comment-edit" data-testid="comment-edit-form" key={refused ? JSON.stringify(refused) : "stored"}>
        {refused?.error ? (
          <p className="auth-alert auth-alert--error" role="alert" data-testid="comment-edit-error">
            <AlertCircle aria-hidden size={16} /> {refused.error}
          </p>
        ) : null}
        <label className="label" htmlFor="comment-edit-content">
          Your comment
        </label>
        <textarea
          id="comment-edit-content"
          className="input"
          name="content"
          rows={4}
          maxLength={COMMENT_MAX}
          defaultValue={refused?.content ?? comment.content}
          required
        />
        <EditActions className="comment-edit__actions" saving={saving} label="Save" cancelTo={commentPath(comment.postId, comment.id)} />
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage notFound={{ title: "Comment not found", message: COMMENT_MESSAGES.notFound, action: { to: "/", label: "Back to the feed" } }} />;
}
