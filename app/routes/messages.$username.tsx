// /messages/{username}: the conversation with one person. Reading it marks their
// messages as read. `?before=<id>` shows older messages (the no-JavaScript "Load older").
// Unknown people get a 404 inside the messages layout; your own name goes back to the list.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UserX } from "~/components/icons";
import { Thread } from "~/components/messages/Thread";
import { normaliseRecipient } from "~/components/messages/thread-state";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { messagesPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { parseId } from "~/lib/ids";
import { getThread } from "~/models/message.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: `Messages · ${APP_TITLE}` }];
  const user = loaded.thread.user;
  return [{ title: `${user.nickname || `@${user.username}`} · Messages · ${APP_TITLE}` }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const raw = params.username ?? "";
  const name = normaliseRecipient(raw);
  if (!name || name === user.username) throw redirect("/messages");
  const url = new URL(request.url);
  const beforeParam = url.searchParams.get("before");
  const before = parseId(beforeParam);
  if (raw !== name) throw redirect(`${messagesPath(name)}${before ? `?before=${before}` : ""}`);
  const thread = await answerUserErrors(() => getThread(user.id, name, { before }));
  return { thread, me: user.id, before, now: Date.now() };
}

export default function Conversation() {
  const { thread, me, before, now } = useLoaderData<typeof loader>();
  return <Thread key={`${thread.user.id}:${before ?? ""}`} thread={thread} me={me} before={before} serverNow={now} />;
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{
        title: "No one by that name",
        message: "Check the spelling of the username, or find the person with search.",
        icon: <UserX />,
        action: { to: "/messages", label: "Back to messages" },
      }}
    />
  );
}
