// /report/{post|comment|user|car}/{id}: the Report Content form as a page, for members without
// JavaScript. The report menus link here instead of carrying the form in every card and
// comment; the form posts to /api/flags/create, which comes back to `redirectTo`.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Flag } from "~/components/icons";
import { ReportForm } from "~/components/report/ReportForm";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { APP_TITLE } from "~/lib/constants";
import { FLAG_CONTENT_TYPES, type FlagContentType } from "~/lib/rules/flag-reasons";
import { requireId } from "~/lib/ids";
import { postPath } from "~/lib/paths";
import { sameOriginPath } from "~/lib/rules/redirect-path";
import { requireUserPage } from "~/models/auth.server";
import { z } from "zod";
import "~/components/report/report.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

const TITLE = "Report Content";
const NOT_FOUND_MESSAGE = "There is nothing to report here.";

const SUBJECT: Record<FlagContentType, string> = { post: "a post", comment: "a comment", user: "a member", car: "a car" };

const contentTypeSchema = z.enum(FLAG_CONTENT_TYPES);

export const meta: MetaFunction = () => [{ title: `${TITLE} · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    await requireUserPage(request);
    const parsed = contentTypeSchema.safeParse(params.contentType);
    if (!parsed.success) throw new UserError(404, NOT_FOUND_MESSAGE);
    const contentType = parsed.data;
    const contentId = requireId(params, "contentId", NOT_FOUND_MESSAGE);
    const fallback = contentType === "post" ? postPath(contentId) : "/";
    const back = sameOriginPath(new URL(request.url).searchParams.get("redirectTo")) ?? fallback;
    return { contentType, contentId, back };
  });
}

export default function ReportPage() {
  const { contentType, contentId, back } = useLoaderData<typeof loader>();
  return (
    <div className="page report-page">
      <PageHeader title={TITLE} subtitle={`You are reporting ${SUBJECT[contentType]}.`} icon={<Flag />} />
      <ReportForm contentType={contentType} contentId={contentId} redirectTo={back} />
      <p>
        <Link to={back}>Cancel</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
