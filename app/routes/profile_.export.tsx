// /profile/export (members only): "Download my data". The member asks for a copy of
// everything they put in; it is made in the background, and they are told by a notification
// and an e-mail when it is ready. This page shows where it stands and, while it can be
// fetched (a week), the link. Asking while one is being made answers that one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ArrowDown } from "~/components/icons";
import { APP_TITLE } from "~/lib/constants";
import { shortDateTime } from "~/lib/rules/formats";
import { mutation, replyOk } from "~/lib/server/form-reply.server";
import { publicOrigin } from "~/lib/server/env.server";
import { parseFields } from "~/lib/server/http.server";
import { intentField } from "~/lib/schemas/input-schemas";
import { requireUserPage } from "~/models/auth.server";
import { EXPORT_KEEP_DAYS, latestDataExport, requestDataExport, type DataExportView } from "~/models/data-export-requests.server";
import { wakeJobWorkers } from "~/models/job-worker.server";
import { limitWrite } from "~/models/rate-limit.server";
import { ProfileSubpageHeader } from "~/components/profile/ProfileSubpageHeader";

export const meta: MetaFunction = () => [{ title: `Download my data · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  return { latest: await latestDataExport(user.id), keepDays: EXPORT_KEEP_DAYS };
}

const exportFormSchema = z.object({ intent: intentField(["start"], "Unknown action") });

const EXPORT_MESSAGES = {
  started: "We're preparing your download. We'll let you know when it's ready.",
  inProgress: "Your download is already being prepared. We'll let you know when it's ready.",
} as const;

/** Starts a download (JSON for scripts; a plain form comes back here with a toast). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserPage(request);
  return mutation(request, async (body) => {
    await limitWrite(request, "profile", body);
    parseFields(exportFormSchema, body.fields);
    const { export: started, started: isNew } = await requestDataExport(user.id, publicOrigin(request));
    if (isNew) wakeJobWorkers();
    const toast = { type: "success" as const, message: isNew ? EXPORT_MESSAGES.started : EXPORT_MESSAGES.inProgress };
    return replyOk(request, body, { export: started, started: isNew }, { status: isNew ? 202 : 200 }, toast);
  });
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Status({ latest }: { latest: DataExportView | null }) {
  if (!latest) return <p>You haven&apos;t asked for a download yet.</p>;
  if (latest.status === "pending")
    return <p data-testid="export-status">Your download is being prepared. We&apos;ll send a notification and an e-mail when it&apos;s ready.</p>;
  if (latest.status === "failed") return <p data-testid="export-status">We couldn&apos;t prepare your last download. Please ask again.</p>;
  if (latest.status === "expired") return <p data-testid="export-status">Your last download has expired. Ask for a new one below.</p>;
  return (
    <p data-testid="export-status">
      Your download is ready{latest.bytes !== null ? ` (${megabytes(latest.bytes)})` : ""}.{" "}
      <a href={latest.url ?? undefined} className="btn btn--primary btn--sm" download>
        <ArrowDown aria-hidden size={16} /> Download your data
      </a>{" "}
      {latest.expiresAt ? <span>The link works until {shortDateTime(latest.expiresAt)} UTC.</span> : null}
    </p>
  );
}

export default function DataExportPage() {
  const { latest, keepDays } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/profile/export";
  return (
    <div className="page">
      <ProfileSubpageHeader title="Download my data" subtitle="A copy of everything you put in" icon={<ArrowDown />} />
      <section className="profile-card" aria-labelledby="export-what">
        <h2 id="export-what" className="profile-page__heading">
          What you get
        </h2>
        <p>
          One zip file: your profile, cars, mods with their costs, posts with their stories and tags, comments, messages, follows, likes, saves, events and notification
          choices (in data.json), and every photo and video you uploaded, in folders by post.
        </p>
        <p>It takes a few minutes. The link works for {keepDays} days, for you alone; then the file is deleted.</p>
        <Status latest={latest} />
        {latest?.status === "pending" ? null : (
          <Form method="post" action="/profile/export">
            <input type="hidden" name="redirectTo" value="/profile/export" />
            <button type="submit" name="intent" value="start" className="btn btn--secondary" disabled={busy}>
              Download my data
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
