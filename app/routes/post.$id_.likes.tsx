// /post/{id}/likes: who liked and who disliked a post, newest first, as a page (the likes
// popover without JavaScript). Like the popover, it is for signed-in members; visitors go to
// Sign In and come back.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { ThumbsDown, ThumbsUp } from "~/components/icons";
import type { InteractionUser } from "~/components/interactions/likes-list";
import { Avatar } from "~/components/shell/Avatar";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { BackToPost } from "~/components/post/BackToPost";
import { userPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { requireId } from "~/lib/ids";
import { POST_NOT_FOUND, getPostInteractions } from "~/models/like.server";
import "~/components/interactions/interactions.css";

export const meta: MetaFunction = () => [{ title: `Likes · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const postId = requireId(params, "id", POST_NOT_FOUND);
  await requireUserPage(request);
  return { postId, ...(await answerUserErrors(() => getPostInteractions(postId))) };
}

function People({ id, title, icon, people, empty }: { id: string; title: string; icon: React.ReactNode; people: InteractionUser[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="likes-page__section">
      <h2 id={id} className="likes-page__heading">
        {icon} {title} ({people.length})
      </h2>
      {people.length === 0 ? (
        <p className="likes-page__empty">{empty}</p>
      ) : (
        <ul className="likes-page__list">
          {people.map((person) => (
            <li key={person.username}>
              <Link to={userPath(person.username)} className="likes-page__person">
                <Avatar name={person.username} image={person.profileImage} size={32} />
                <span>{person.nickname || person.username}</span>
                <span className="likes-page__handle">@{person.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PostLikesPage() {
  const { postId, likes, dislikes } = useLoaderData<typeof loader>();
  return (
    <div className="page likes-page">
      <BackToPost postId={postId} />
      <PageHeader title="Likes" icon={<ThumbsUp />} />
      <People id="likes-title" title="Likes" icon={<ThumbsUp aria-hidden size={18} />} people={likes} empty="No likes yet." />
      <People id="dislikes-title" title="Dislikes" icon={<ThumbsDown aria-hidden size={18} />} people={dislikes} empty="No dislikes yet." />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
