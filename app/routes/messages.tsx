// /messages: members only. Conversations arrive with the messaging feature.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { MessageCircle, Search } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserPage(request);
  return null;
}

export default function Messages() {
  return (
    <div className="page">
      <PageHeader title="Messages" subtitle="Your conversations" icon={<MessageCircle />} />
      <EmptyState
        icon={<MessageCircle />}
        title="No messages yet"
        actions={
          <Link to="/search" className="btn btn--secondary">
            <Search aria-hidden size={18} /> Find people
          </Link>
        }
      >
        When you talk cars with another member, your conversations show up here.
      </EmptyState>
    </div>
  );
}
