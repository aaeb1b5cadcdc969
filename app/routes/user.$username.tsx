// /user/{username}: a person's page — who they are, their cars, their posts, follow counts,
// Follow and Message (or Edit profile on your own page). 'My Posts' in the sidebar leads here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { FormerCars } from "~/components/handover/FormerCars";
import { userPath } from "~/lib/paths";
import { formerCars } from "~/models/car-handover.server";
import { Camera, CarFront, Plus, UserX } from "~/components/icons";
import { useEffect, useState } from "react";
import { CarCards } from "~/components/profile/CarCards";
import { FollowCarsAction } from "~/components/profile/FollowCarsAction";
import { PostGrid, PostGridSkeleton, type PostTile } from "~/components/profile/PostGrid";
import { ProfileHeader } from "~/components/profile/ProfileHeader";
import { EmptyState } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { parseId } from "~/lib/ids";
import { publicOrigin } from "~/lib/server/env.server";
import { avatarShareImage, shareLink, shareMeta } from "~/lib/rules/share-meta";
import { getUserPage } from "~/models/user-page.server";
import { carKey, postKey, userKey } from "~/cache/data-keys";
import type { DocumentHandle } from "~/root";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
import { isPlainClick } from "~/lib/client/link-clicks";
export { shouldRevalidate } from "~/lib/client/revalidation";

export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  cache: "visitors",
  // Who they follow and who follows them, their posts' reactions, their cars' followers.
  keys: ({ user, posts, cars }) => [userKey(user.id), ...posts.map((post) => postKey(post.id)), ...cars.map((car) => carKey(car.id))],
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `User not found · ${APP_TITLE}` }];
  const { user, counts, share } = data;
  const name = user.nickname || user.username;
  const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;
  const headline = `${name} (@${user.username})`;
  return shareMeta({
    share,
    title: `${headline} · ${APP_TITLE}`,
    headline,
    description: `${headline}: ${plural(counts.cars, "car")}, ${plural(counts.posts, "post")}, ${plural(counts.followers, "follower")}.`,
    type: "profile",
    extra: [{ property: "profile:username", content: user.username }],
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const username = params.username ?? "";
    const raw = new URL(request.url).searchParams.get("before");
    const before = parseId(raw);
    const viewer = await getUser(request);
    const page = await getUserPage(username, viewer?.id ?? null, before);
    if (!page) throw new UserError(404, "User not found");
    // One address per person: /user/JDM_Jess goes to /user/jdm_jess.
    if (username !== page.user.username) {
      const url = new URL(request.url);
      throw redirect(`${userPath(page.user.username)}${url.search}`, 301);
    }
    const share = shareLink(publicOrigin(request), userPath(page.user.username), avatarShareImage(page.user));
    // The cars they used to own come with the page, not with each further page of posts.
    const formerCarList = before === null ? await formerCars(page.user.id) : [];
    return { ...page, before, share, formerCars: formerCarList, now: Date.now() };
  });
}

/** The member's own button under an empty section of their page: add the first one. */
function AddButton({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn btn--primary">
      <Plus aria-hidden size={18} />
      {label}
    </Link>
  );
}

export default function UserPage() {
  const data = useLoaderData<typeof loader>();
  const { user, counts, isSelf, cars } = data;
  const more = useFetcher<typeof loader>();
  const [posts, setPosts] = useState<PostTile[]>(data.posts);
  const [cursor, setCursor] = useState<number | null>(data.nextCursor);

  // A new page (another user, or fresh loader data) starts the list again.
  useEffect(() => {
    setPosts(data.posts);
    setCursor(data.nextCursor);
  }, [data.posts, data.nextCursor]);

  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    const page = more.data;
    setPosts((current) => {
      const seen = new Set(current.map((post) => post.id));
      return [...current, ...page.posts.filter((post) => !seen.has(post.id))];
    });
    setCursor(page.nextCursor);
  }, [more.state, more.data]);

  const base = userPath(user.username);
  const name = user.nickname || user.username;

  return (
    <div className="page page--wide user-page">
      <ProfileHeader user={user} counts={counts} isSelf={isSelf} isFollowing={data.isFollowing} />

      <section className="profile-section" aria-labelledby="garage-title">
        <div className="profile-section__head">
          <h2 id="garage-title" className="profile-section__title">
            Garage <span className="profile-section__count">{counts.cars}</span>
          </h2>
          {isSelf ? (
            <Link to="/my-cars" className="btn btn--ghost btn--sm">
              <CarFront aria-hidden size={18} />
              My Cars
            </Link>
          ) : (
            <FollowCarsAction cars={cars} />
          )}
        </div>
        {cars.length > 0 ? (
          <CarCards cars={cars} showFollow={!isSelf} />
        ) : (
          <EmptyState
            icon={<CarFront />}
            title={isSelf ? "Your garage is empty" : "No cars yet"}
            headingLevel={3}
            actions={isSelf ? <AddButton to="/my-cars" label="Add a car" /> : null}
          >
            {isSelf ? "Add your car and start its build story." : `${name} hasn't added a car yet.`}
          </EmptyState>
        )}
        <FormerCars cars={data.formerCars} />
      </section>

      <section className="profile-section" aria-labelledby="posts-title">
        <div className="profile-section__head">
          <h2 id="posts-title" className="profile-section__title">
            Posts <span className="profile-section__count">{counts.posts}</span>
          </h2>
          {data.before ? (
            <Link to={base} className="btn btn--ghost btn--sm">
              Newest posts
            </Link>
          ) : null}
        </div>
        {posts.length > 0 ? (
          <>
            <PostGrid posts={posts} />
            {more.state === "loading" ? <PostGridSkeleton count={3} /> : null}
            {cursor ? (
              <div className="profile-more">
                <Link
                  to={`${base}?before=${cursor}`}
                  className="btn btn--secondary"
                  preventScrollReset
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    if (more.state === "idle") more.load(`${base}?before=${cursor}`);
                  }}
                >
                  {more.state === "loading" ? "Loading..." : "Load more posts"}
                </Link>
              </div>
            ) : null}
          </>
        ) : (
          <EmptyState
            icon={<Camera />}
            title={isSelf ? "Share your first post" : "No posts yet"}
            headingLevel={3}
            actions={isSelf ? <AddButton to="/post/new" label="New post" /> : null}
          >
            {isSelf ? "Photos, videos and stories of your cars show up here." : `When ${name} posts, it will show up here.`}
          </EmptyState>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{
        title: "User not found",
        message: "There is nobody with that username. Check the spelling or search for them.",
        icon: <UserX />,
        action: { to: "/search", label: "Search people" },
      }}
    />
  );
}
