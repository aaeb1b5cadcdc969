// /upload: create a post. Members only; the posting form arrives with the posts feature.
// The bottom bar is hidden on this page (SPEC §2).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CarFront, ImagePlus } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserPage(request);
  return null;
}

export default function Upload() {
  return (
    <div className="page">
      <PageHeader title="New post" subtitle="Photos, videos and a story about your car" icon={<ImagePlus />} />
      <EmptyState
        icon={<ImagePlus />}
        title="Posting opens soon"
        actions={
          <>
            <Link to="/my-cars" className="btn btn--primary">
              <CarFront aria-hidden size={18} /> Get your cars ready
            </Link>
            <Link to="/" className="btn btn--secondary">
              Back home
            </Link>
          </>
        }
      >
        Soon you'll share photos and videos of your car right here. Add your cars now so they're ready to tag.
      </EmptyState>
    </div>
  );
}
