// The first steps of a new member: add a car with its photo, follow some cars and people,
// make a first post. Here: what the follow step suggests. Cars and people of suspended
// members, blocked ones either way and the member's own are left out; the most followed first.
import { prisma } from "~/db.server";
import { imageUrlForWidth } from "~/lib/media/media-types";
import { carPhotos } from "~/models/car.server";

/** How many cars and people the follow step suggests. */
export const SUGGESTIONS = 6;

export type SuggestedCar = {
  id: number;
  make: string;
  model: string;
  year: number;
  nickname: string | null;
  owner: string;
  /** The car's own photo, when it has one. */
  photo: string | null;
  following: boolean;
};

export type SuggestedPerson = { id: number; username: string; nickname: string | null; profileImage: string | null; following: boolean };

/** Not the member, not suspended, not blocked either way. */
function strangersTo(userId: number) {
  return {
    id: { not: userId },
    suspendedAt: null,
    blocking: { none: { blockedId: userId } },
    blockedBy: { none: { blockerId: userId } },
  };
}

export async function suggestedCars(userId: number, limit = SUGGESTIONS): Promise<SuggestedCar[]> {
  const cars = await prisma.car.findMany({
    where: { owner: strangersTo(userId) },
    orderBy: [{ followers: { _count: "desc" } }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      make: true,
      model: true,
      year: true,
      nickname: true,
      owner: { select: { username: true } },
      followers: { where: { userId }, select: { userId: true } },
    },
  });
  const photos = await carPhotos(cars.map((car) => car.id));
  return cars.map(({ owner, followers, ...car }) => {
    const photo = photos.get(car.id);
    return { ...car, owner: owner.username, photo: photo ? imageUrlForWidth(photo.path, photo.variants, 320) : null, following: followers.length > 0 };
  });
}

export async function suggestedPeople(userId: number, limit = SUGGESTIONS): Promise<SuggestedPerson[]> {
  const people = await prisma.user.findMany({
    where: strangersTo(userId),
    orderBy: [{ followers: { _count: "desc" } }, { id: "desc" }],
    take: limit,
    select: { id: true, username: true, nickname: true, profileImage: true, followers: { where: { followerId: userId }, select: { followerId: true } } },
  });
  return people.map(({ followers, ...person }) => ({ ...person, following: followers.length > 0 }));
}
