// /version-changes: the Version Changes modal as a page (without JavaScript): the feedback
// form, which comes back here with a toast, and the changelog with the current build.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { History } from "~/components/icons";
import { Changelog, FeedbackForm } from "~/components/feedback/VersionChangesModal";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { VERSIONS, currentBuild } from "~/lib/rules/changelog";
import { APP_TITLE } from "~/lib/constants";
import "~/components/report/report.css";
import "~/components/feedback/feedback.css";

const VERSION_CHANGES_PATH = "/version-changes";

export const meta: MetaFunction = () => [{ title: `Version Changes · ${APP_TITLE}` }];

export async function loader() {
  return { versions: VERSIONS, build: currentBuild(VERSIONS) };
}

export default function VersionChangesPage() {
  const { versions, build } = useLoaderData<typeof loader>();
  return (
    <div className="page version-page">
      <PageHeader
        title="Version Changes"
        icon={<History />}
        subtitle={
          <>
            Current build <strong data-testid="current-build">{build}</strong>
          </>
        }
      />
      <FeedbackForm buildNumber={build} redirectTo={VERSION_CHANGES_PATH} />
      <Changelog versions={versions} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
