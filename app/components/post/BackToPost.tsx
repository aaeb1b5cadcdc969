// The way back from a post's own sub-pages (its likes, its share page) to the post.
import { Link } from "~/components/shell/Link";
import { ArrowLeft } from "~/components/icons";
import { postPath } from "~/lib/paths";

export function BackToPost({ postId }: { postId: number }) {
  return (
    <nav aria-label="Post">
      <Link to={postPath(postId)} className="btn btn--ghost btn--sm">
        <ArrowLeft aria-hidden size={18} /> Back to the post
      </Link>
    </nav>
  );
}
