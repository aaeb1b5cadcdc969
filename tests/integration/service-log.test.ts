// A car's service log through its page: the owner logs and deletes entries with plain form
// posts; the odometer never runs backwards (miles and kilometres compared as distances); a
// refused entry answers 400 with the reason next to the field; nobody else reads or writes it.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { listServiceEntries } from "~/models/service-log.server";
import { action, loader } from "~/routes/my-cars.$carId.service";
import { makeUser, type TestUser } from "../support/accounts";
import { answer, args, formRequest, getRequest, statusOf } from "../support/requests";

type Reply = { init?: { status?: number }; data?: { error?: Record<string, string[] | null> } };

async function carOf(owner: TestUser) {
  return prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 2019, nickname: "Ruby" } });
}

function log(owner: TestUser, carId: number, fields: Record<string, string>) {
  return answer<Response & Reply>(
    action(args(formRequest(`/my-cars/${carId}/service`, { intent: "add", ...fields }, { cookie: owner.cookie }), { carId: String(carId) })),
  );
}

describe("the service log", () => {
  it("the owner logs an oil change and sees it with its cost; others see the cost only when shown", async () => {
    const owner = await makeUser("svc_owner");
    const car = await carOf(owner);
    const saved = await log(owner, car.id, { kind: "oil", performed_on: "2026-03-01", mileage: "42,000", mileage_unit: "mi", cost: "89.50", notes: "Motul 300V" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/my-cars/${car.id}/service`);

    const page = (await answer(loader(args(getRequest(`/my-cars/${car.id}/service`, { cookie: owner.cookie }), { carId: String(car.id) })))) as {
      entries: { kind_label: string; mileage: number; cost_cents: number | null; notes: string; logged_by: string }[];
    };
    expect(page.entries).toMatchObject([{ kind_label: "Oil change", mileage: 42000, cost_cents: 8950, notes: "Motul 300V", logged_by: "svc_owner" }]);
    expect((await listServiceEntries(car.id, { owner: false }))[0].cost_cents).toBeNull();

    await log(owner, car.id, { kind: "tyres", performed_on: "2026-04-01", mileage: "43000", cost: "640", show_cost: "on" });
    expect((await listServiceEntries(car.id, { owner: false })).map((entry) => entry.cost_cents)).toEqual([64000, null]);
  });

  it("a reading lower than an earlier entry's, or higher than a later one's, is refused with a 400 naming that entry, and nothing is stored", async () => {
    const owner = await makeUser("svc_odo");
    const car = await carOf(owner);
    await log(owner, car.id, { kind: "oil", performed_on: "2026-03-01", mileage: "6300", mileage_unit: "mi" });

    // 10,000 km is less than 6,300 miles (10,139 km).
    const backwards = await log(owner, car.id, { kind: "brakes", performed_on: "2026-05-01", mileage: "10000", mileage_unit: "km" });
    expect(backwards.init?.status).toBe(400);
    expect(backwards.data?.error?.mileage?.[0]).toMatch(/odometer can't go backwards: 6,300 mi was logged earlier, on Mar 1, 2026/);

    const earlierButHigher = await log(owner, car.id, { kind: "inspection", performed_on: "2026-01-10", mileage: "7000" });
    expect(earlierButHigher.init?.status).toBe(400);
    expect(earlierButHigher.data?.error?.mileage?.[0]).toMatch(/only 6,300 mi was logged later/);

    expect(await prisma.serviceEntry.count({ where: { carId: car.id } })).toBe(1);
    const forward = await log(owner, car.id, { kind: "brakes", performed_on: "2026-05-01", mileage: "10200", mileage_unit: "km" });
    expect(forward.status).toBe(303);
  });

  it("bad fields answer 400 with their message: a future date, a negative reading, an unknown kind", async () => {
    const owner = await makeUser("svc_bad");
    const car = await carOf(owner);
    const future = await log(owner, car.id, { kind: "oil", performed_on: "2099-01-01", mileage: "1" });
    expect(future.init?.status).toBe(400);
    expect(future.data?.error?.performed_on?.[0]).toMatch(/not in the future/);
    const negative = await log(owner, car.id, { kind: "oil", performed_on: "2026-01-01", mileage: "-5" });
    expect(negative.data?.error?.mileage?.[0]).toMatch(/odometer reading/);
    const kind = await log(owner, car.id, { kind: "wax", performed_on: "2026-01-01", mileage: "5" });
    expect(kind.data?.error?.kind?.[0]).toMatch(/Choose what was done/);
    expect(await prisma.serviceEntry.count({ where: { carId: car.id } })).toBe(0);
  });

  it("another member can neither read nor write the log (403), and the owner deletes an entry", async () => {
    const owner = await makeUser("svc_mine");
    const other = await makeUser("svc_other");
    const car = await carOf(owner);
    await log(owner, car.id, { kind: "oil", performed_on: "2026-03-01", mileage: "100" });

    const read = await answer<Response>(loader(args(getRequest(`/my-cars/${car.id}/service`, { cookie: other.cookie }), { carId: String(car.id) })));
    expect(statusOf(read)).toBe(403);
    const write = await log(other, car.id, { kind: "oil", performed_on: "2026-03-02", mileage: "200" });
    expect(statusOf(write)).toBe(403);

    const entry = await prisma.serviceEntry.findFirstOrThrow({ where: { carId: car.id } });
    const stranger = await answer<Response>(
      action(args(formRequest(`/my-cars/${car.id}/service`, { intent: "delete", entryId: String(entry.id) }, { cookie: other.cookie }), { carId: String(car.id) })),
    );
    expect(statusOf(stranger)).toBe(403);
    expect(await prisma.serviceEntry.count({ where: { carId: car.id } })).toBe(1);

    const deleted = await answer<Response>(
      action(args(formRequest(`/my-cars/${car.id}/service`, { intent: "delete", entryId: String(entry.id) }, { cookie: owner.cookie }), { carId: String(car.id) })),
    );
    expect(deleted.status).toBe(303);
    expect(await prisma.serviceEntry.count({ where: { carId: car.id } })).toBe(0);
  });
});
