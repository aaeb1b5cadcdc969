// Cross-site requests and request parsing (issue 13). A state-changing request from another
// site is refused with 403 before anything happens: Origin `null` (a sandboxed frame, a page
// with no referrer), Sec-Fetch-Site: cross-site, or an Origin naming another host (the
// request's own host, never X-Forwarded-Host without TRUST_PROXY). Clients that send no
// Origin (curl, scripts) and our own pages keep working. Bodies are parsed by their exact
// media type: `text/plain; charset=application/json` is not JSON.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as login } from "~/routes/api.auth.login";
import { action as addCar } from "~/routes/api.cars";
import { action as newCarPage } from "~/routes/my-cars.new";
import { answer, args, rawRequest } from "../support/requests";
import { makeUser } from "../support/accounts";

beforeEach(() => resetRateLimits());
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

async function member() {
  const user = await makeUser();
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: (await import("bcryptjs")).hashSync("secret12", 4) } });
  return user;
}

function signIn(username: string, headers: Record<string, string>) {
  return answer(
    login(
      args(
        rawRequest("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams({ email: `${username}@example.com`, password: "secret12", redirectTo: "/" }),
        }),
      ),
    ),
  );
}

describe("sign-in from another site (login CSRF)", () => {
  it.each([
    ["Origin: null", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["a foreign Origin", { Origin: "https://attacker.example" }],
    ["a foreign Origin with a matching X-Forwarded-Host", { Origin: "https://attacker.example", "X-Forwarded-Host": "attacker.example" }],
  ])("%s is refused with 403 and signs nobody in", async (_, headers) => {
    const user = await member();
    const response = await signIn(user.username, headers);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__session=") && !line.startsWith("__session=;"))).toBe(false);
  });

  it.each([
    ["no Origin (curl)", {}],
    ["our own Origin", { Origin: "http://127.0.0.1:3000", "Sec-Fetch-Site": "same-origin" }],
  ])("%s signs in", async (_, headers) => {
    const user = await member();
    const response = await signIn(user.username, headers);
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__session="))).toBe(true);
  });
});

describe("page actions", () => {
  it("refuses a cross-site form post to a page with 403 and writes nothing", async () => {
    const user = await makeUser();
    const request = rawRequest("/my-cars/new", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams({ make: "Mazda", model: "MX-5", year: "1990" }),
    });
    expect((await answer(newCarPage(args(request)))).status).toBe(403);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(0);
  });
});

describe("media types", () => {
  it("does not read text/plain; charset=application/json as JSON (415, nothing written)", async () => {
    const user = await makeUser();
    const request = rawRequest("/api/cars", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "text/plain; charset=application/json" },
      body: JSON.stringify({ make: "Mazda", model: "MX-5", year: 1990 }),
    });
    const response = await answer(addCar(args(request)));
    expect(response.status).toBe(415);
    expect(await prisma.car.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("reads application/json with parameters, in any case", async () => {
    const user = await makeUser();
    const request = rawRequest("/api/cars", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "Application/JSON; charset=utf-8" },
      body: JSON.stringify({ make: "Mazda", model: "MX-5", year: 1990 }),
    });
    expect((await answer(addCar(args(request)))).status).toBe(201);
  });
});
