// Which of a post's cars the reader follows, for the Follow Cars modal of a post naming
// several: asked of GET /api/cars/{id}/follow when the modal opens (members only), one car
// after another through one fetcher.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { FollowableCar } from "~/components/follow/FollowCarsModal";
import { useFetcherRead } from "~/lib/client/fetcher-answer";
import type { FeedPost } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

/** `following` in what GET /api/cars/{id}/follow answered (null for an error answer or anything else). */
function followingOf(answer: unknown): boolean | null {
  const following = answer && typeof answer === "object" ? (answer as { following?: unknown }).following : undefined;
  return typeof following === "boolean" ? following : null;
}

export function useCarsFollowing(post: FeedPost | null, signedIn: boolean) {
  const [followed, setFollowed] = useState<Record<number, boolean>>({});
  const readFollowing = useFetcherRead();

  useEffect(() => {
    if (!post || !signedIn) return;
    const controller = new AbortController();
    const readAll = async () => {
      for (const { car_id: carId } of post.post_cars) {
        const following = followingOf(await readFollowing(apiPaths.carFollow(carId), controller.signal));
        if (following !== null) setFollowed((current) => ({ ...current, [carId]: following }));
      }
    };
    // A failed read leaves that car as not followed; a cancelled one (the modal closed) stops the rest.
    readAll().catch(() => undefined);
    return () => controller.abort();
  }, [post, signedIn, readFollowing]);

  const cars: FollowableCar[] = useMemo(
    () => (post ? post.post_cars.map(({ car }) => ({ ...car, coverSrcSet: car.cover_srcset, following: followed[car.id] === true })) : []),
    [post, followed],
  );
  const markFollowed = useCallback((ids: number[]) => {
    setFollowed((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, true])) }));
  }, []);
  return { cars, markFollowed };
}
