// The top of a person's page: big avatar, name, @username, counts and the actions
// (Follow + Message for others, Edit profile on your own page).
import { useFetchers } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { MessageCircle, Pencil } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { FollowUserButton, followUserAction } from "~/components/follow/FollowUserButton";
import { userPath } from "~/lib/paths";
import { useOptionalUser } from "~/lib/client/user";
import { loginHref } from "~/lib/rules/login-links";
import "./profile.css";

export type ProfileHeaderUser = {
  id: number;
  username: string;
  nickname: string | null;
  profileImage: string | null;
  joined: string;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function joinedText(iso: string) {
  const date = new Date(iso);
  return `Joined ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function compact(count: number) {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(count / 1000).toFixed(1).replace(/\.0$/, "")}k`;
  if (count < 1_000_000) return `${Math.floor(count / 1000)}k`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/**
 * The follower count moves with the button without waiting for a reload: +1 or -1 while
 * the follow button's fetcher sends a change (the reloaded counts take over after).
 */
function usePendingFollowDelta(username: string, isFollowing: boolean): number {
  const action = followUserAction(username);
  const sending = useFetchers()
    .find((fetcher) => fetcher.formAction === action && fetcher.formData)
    ?.formData?.get("following");
  if (typeof sending !== "string" || (sending === "true") === isFollowing) return 0;
  return sending === "true" ? 1 : -1;
}

export function ProfileHeader({
  user,
  counts,
  isSelf,
  isFollowing,
}: {
  user: ProfileHeaderUser;
  counts: { followers: number; following: number; posts: number };
  isSelf: boolean;
  isFollowing: boolean;
}) {
  const viewer = useOptionalUser();
  const followers = counts.followers + usePendingFollowDelta(user.username, isFollowing);
  const name = user.nickname || user.username;
  const messageHref = `/messages?to=${encodeURIComponent(user.username)}`;

  return (
    <header className="profile-hero">
      <div className="profile-hero__avatar">
        <Avatar name={user.username} image={user.profileImage} size={112} />
      </div>
      <div className="profile-hero__main">
        <div className="profile-hero__names">
          <h1 className="profile-hero__name">{name}</h1>
          <p className="profile-hero__username">@{user.username}</p>
          <p className="profile-hero__joined">{joinedText(user.joined)}</p>
        </div>
        <dl className="profile-stats">
          <div className="profile-stats__item">
            <dt>Posts</dt>
            <dd data-testid="count-posts">{compact(counts.posts)}</dd>
          </div>
          <div className="profile-stats__item">
            <dt>Followers</dt>
            <dd data-testid="count-followers">{compact(followers)}</dd>
          </div>
          <div className="profile-stats__item">
            <dt>Following</dt>
            <dd data-testid="count-following">{compact(counts.following)}</dd>
          </div>
        </dl>
        <div className="profile-hero__actions">
          {isSelf ? (
            <Link to="/profile" className="btn btn--secondary profile-hero__action">
              <Pencil aria-hidden size={18} />
              Edit profile
            </Link>
          ) : (
            <>
              <FollowUserButton username={user.username} initialFollowing={isFollowing} className="profile-hero__action" />
              <Link to={viewer ? messageHref : loginHref(userPath(user.username), "signin", messageHref)} className="btn btn--secondary profile-hero__action">
                <MessageCircle aria-hidden size={18} />
                Message
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
