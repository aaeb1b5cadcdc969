// Which of a post's cars the reader follows, for the Follow Cars modal of a post naming
// several: asked of GET /api/cars/{id}/follow when the modal opens (members only).
import { useCallback, useEffect, useMemo, useState } from "react";
import type { FollowableCar } from "~/components/follow/FollowCarsModal";
import type { FeedPost } from "~/models/feed.server";

export function useCarsFollowing(post: FeedPost | null, signedIn: boolean) {
  const [followed, setFollowed] = useState<Record<number, boolean>>({});

  useEffect(() => {
    if (!post || !signedIn) return;
    const controller = new AbortController();
    for (const { car_id: carId } of post.post_cars) {
      fetch(`/api/cars/${carId}/follow`, { headers: { Accept: "application/json" }, credentials: "same-origin", signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ following?: boolean }>) : null))
        .then((body) => {
          if (body && typeof body.following === "boolean") setFollowed((current) => ({ ...current, [carId]: body.following === true }));
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [post, signedIn]);

  const cars: FollowableCar[] = useMemo(() => (post ? post.post_cars.map(({ car }) => ({ ...car, following: followed[car.id] === true })) : []), [post, followed]);
  const markFollowed = useCallback((ids: number[]) => {
    setFollowed((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, true])) }));
  }, []);
  return { cars, markFollowed };
}
