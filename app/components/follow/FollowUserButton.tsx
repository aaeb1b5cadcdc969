// Follow a person: the same states and no-JavaScript behaviour as the car follow button.
import { FollowControl } from "./FollowControl";
import { apiPaths } from "~/lib/paths";

/** The follow action of a person (what the button's fetcher posts to). */
export function followUserAction(username: string): string {
  return apiPaths.userFollow(username);
}

export function FollowUserButton({
  username,
  initialFollowing,
  initialCount,
  size,
  onChange,
  className,
}: {
  username: string;
  initialFollowing: boolean;
  initialCount?: number;
  size?: "sm" | "md";
  onChange?: (following: boolean) => void;
  className?: string;
}) {
  return (
    <FollowControl
      action={followUserAction(username)}
      initialFollowing={initialFollowing}
      initialCount={initialCount}
      subject={`@${username}`}
      size={size}
      onChange={onChange}
      className={className}
    />
  );
}
