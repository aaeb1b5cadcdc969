// /messages with no conversation open: on wide screens the right-hand side says what to
// do; with no conversations at all it is the page's empty state (phones too).
import { useOutletContext } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { MessageCircle, Search } from "~/components/icons";
import { EmptyState } from "~/components/shell/EmptyState";
import type { MessagesOutletContext } from "./messages";

export default function MessagesIndex() {
  const { conversationCount } = useOutletContext<MessagesOutletContext>();
  const findPeople = (
    <Link to="/search" className="btn btn--secondary">
      <Search aria-hidden size={18} /> Find people
    </Link>
  );
  return (
    <div className="msg-empty">
      {conversationCount === 0 ? (
        <EmptyState icon={<MessageCircle />} title="No messages yet" actions={findPeople}>
          When you talk cars with another member, your conversations show up here. Type a username above, or press Message on someone's page.
        </EmptyState>
      ) : (
        <EmptyState icon={<MessageCircle />} title="Your messages" actions={findPeople}>
          Pick a conversation, or start a new one with the box above the list.
        </EmptyState>
      )}
    </div>
  );
}
