// Follow a car: not following, busy 'Loading...', following; 2 s star, 3 s look.
import { FollowControl } from "./FollowControl";
import { apiPaths } from "~/lib/paths";

export function FollowButton({
  carId,
  initialFollowing,
  initialCount,
  carName,
  size,
  onChange,
  className,
}: {
  carId: number;
  initialFollowing: boolean;
  initialCount?: number;
  /** For screen readers: "Follow Nissan Skyline". */
  carName?: string;
  size?: "sm" | "md";
  onChange?: (following: boolean) => void;
  className?: string;
}) {
  return (
    <FollowControl
      action={apiPaths.carFollow(carId)}
      initialFollowing={initialFollowing}
      initialCount={initialCount}
      subject={carName}
      size={size}
      onChange={onChange}
      className={className}
    />
  );
}
