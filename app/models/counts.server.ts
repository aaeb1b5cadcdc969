// Counts of related rows for one page of ids. Prisma's relation `_count` select joins an
// aggregate over the WHOLE related table (on SQLite it scans it for every page), so lists
// count here instead: one GROUP BY per table, limited to the page's ids, each served by
// the index on the foreign key.
import { READY_POST } from "~/lib/rules/post-status";
import { prisma } from "~/db.server";
import { getCarFollowerCounts } from "~/models/follow.server";

type Grouped<K extends string> = ({ [key in K]: number } & { _count: { _all: number } })[];

function tally<K extends string>(rows: Grouped<K>, key: K): Map<number, number> {
  return new Map(rows.map((row) => [row[key], row._count._all]));
}

export type CarStats = { mods: number; followers: number; posts: number };

/** Mods, followers and posts featuring each car. */
export async function countCarStats(carIds: number[]): Promise<(carId: number) => CarStats> {
  if (carIds.length === 0) return () => ({ mods: 0, followers: 0, posts: 0 });
  const where = { carId: { in: carIds } };
  const [mods, followers, posts] = await Promise.all([
    prisma.mod.groupBy({ by: ["carId"], where, _count: { _all: true } }),
    getCarFollowerCounts(carIds),
    prisma.postCar.groupBy({ by: ["carId"], where: { ...where, post: READY_POST }, _count: { _all: true } }),
  ]);
  const [modsBy, postsBy] = [tally(mods, "carId"), tally(posts, "carId")];
  return (carId) => ({ mods: modsBy.get(carId) ?? 0, followers: followers.get(carId) ?? 0, posts: postsBy.get(carId) ?? 0 });
}

/** Posts written by each user. */
export async function countPostsByAuthor(userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await prisma.post.groupBy({ by: ["createdById"], where: { createdById: { in: userIds }, ...READY_POST }, _count: { _all: true } });
  return tally(rows, "createdById");
}

/** People going to each event. */
export async function countAttendees(eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await prisma.eventAttendee.groupBy({ by: ["eventId"], where: { eventId: { in: eventIds } }, _count: { _all: true } });
  return tally(rows, "eventId");
}
