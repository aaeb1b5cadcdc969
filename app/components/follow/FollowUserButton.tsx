// Follow a person: the same states and no-JavaScript behaviour as the car follow button.
import { FollowControl } from "./FollowControl";

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
      action={`/api/users/${encodeURIComponent(username)}/follow`}
      initialFollowing={initialFollowing}
      initialCount={initialCount}
      subject={`@${username}`}
      size={size}
      onChange={onChange}
      className={className}
    />
  );
}
