// /messages: members only. A layout: the conversation list on the left and the open
// conversation (or an empty state) on the right; on phones one of the two fills the
// screen. `?to=<username>` (the Message button on a person's page, and the "New message"
// box) opens that conversation. The list stays live: a new message moves its
// conversation to the top and adds to its unread count; after the live stream was down
// the page's loaders are revalidated.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation, useParams, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConversationList } from "~/components/messages/ConversationList";
import { NewMessageForm } from "~/components/messages/NewMessageForm";
import { applyLiveMessage, applyRead, normaliseRecipient, type Conversation } from "~/components/messages/thread-state";
import { useClock } from "~/components/messages/use-clock";
import { useLiveEvents } from "~/components/realtime";
import { messagesPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { MESSAGE_TEXT, listConversations } from "~/models/message.server";
import { getUserByUsername } from "~/models/user.server";
import messagesStyles from "~/components/messages/messages.css?url";

// Only the messages pages load their stylesheet.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

export const meta: MetaFunction = () => [{ title: `Messages · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  let composeError: string | null = null;
  if (to !== null && url.pathname.replace(/\/+$/, "") === "/messages") {
    const name = normaliseRecipient(to);
    if (!name) composeError = MESSAGE_TEXT.recipientRequired;
    else if (name === user.username) composeError = MESSAGE_TEXT.yourself;
    else if (!(await getUserByUsername(name))) composeError = `${MESSAGE_TEXT.userNotFound}: @${name}`;
    else throw redirect(messagesPath(name));
  }
  const conversations = await listConversations(user.id);
  return {
    me: { id: user.id, username: user.username },
    conversations,
    now: Date.now(),
    compose: { to: to ?? "", error: composeError },
  };
}

export type MessagesOutletContext = { conversationCount: number };

export default function MessagesLayout() {
  const data = useLoaderData<typeof loader>();
  const params = useParams();
  const active = params.username ? normaliseRecipient(params.username) : null;
  const { revalidate } = useRevalidator();
  const clock = useClock(data.now);
  const navigation = useNavigation();
  // Opening another conversation: the current one dims until the next arrives.
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/messages/");
  const [conversations, setConversations] = useState<Conversation[]>(data.conversations);

  useEffect(() => setConversations(data.conversations), [data.conversations]);

  // Opening a conversation reads it.
  useEffect(() => {
    if (!active) return;
    setConversations((current) => {
      const open = current.find((conversation) => conversation.user.username === active);
      return open ? applyRead(current, open.user.id) : current;
    });
  }, [active]);

  useLiveEvents({
    message: ({ message, partner }) => setConversations((current) => applyLiveMessage(current, message, partner, active)),
    read: ({ reader_id, partner_id }) => {
      if (reader_id === data.me.id) setConversations((current) => applyRead(current, partner_id));
    },
    reconnect: () => revalidate(),
    poll: () => revalidate(),
  });

  const context: MessagesOutletContext = { conversationCount: conversations.length };

  return (
    <div className="msg-layout" data-view={active ? "thread" : "list"} data-empty={conversations.length === 0 ? "true" : "false"}>
      <aside className="msg-sidebar" aria-labelledby="messages-title">
        <div className="msg-sidebar__head">
          <h1 id="messages-title" className="msg-sidebar__title">
            Messages
          </h1>
        </div>
        <NewMessageForm key={data.compose.to} defaultValue={data.compose.to} error={data.compose.error} meUsername={data.me.username} />
        <div className="msg-sidebar__list">
          <ConversationList conversations={conversations} activeUsername={active} now={clock.now} />
        </div>
      </aside>
      <div className="msg-main" data-loading={switching ? "true" : "false"} aria-busy={switching || undefined}>
        <Outlet context={context} />
      </div>
    </div>
  );
}
