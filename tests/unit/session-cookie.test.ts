// The session a request's cookie names: read from the signed cookie, the same on every read of
// the same header, and nothing for a header whose signature does not hold, whatever was read
// before it.
import { describe, expect, it } from "vitest";
import { authCookie, sessionIdOf } from "~/lib/server/cookies.server";

const requestWith = (cookie: string | null) => new Request("http://cars.local/", cookie === null ? {} : { headers: { Cookie: cookie } });

describe("the session a cookie names", () => {
  it("is read from the signed cookie, and again the same from the same header", async () => {
    const header = (await authCookie.serialize("session-one")).split(";")[0];
    expect(await sessionIdOf(requestWith(header))).toBe("session-one");
    expect(await sessionIdOf(requestWith(header))).toBe("session-one");
    expect(await sessionIdOf(requestWith(`theme=dark; ${header}`))).toBe("session-one");
  });

  it("is none for a forged signature or value, after the genuine one was read", async () => {
    const header = (await authCookie.serialize("session-two")).split(";")[0];
    expect(await sessionIdOf(requestWith(header))).toBe("session-two");
    const [name, value] = header.split("=");
    const forgedSignature = `${name}=${value.slice(0, -2)}${value.endsWith("A") ? "B" : "A"}${value.slice(-1)}`;
    expect(await sessionIdOf(requestWith(forgedSignature))).toBeNull();
    const otherValue = (await authCookie.serialize("session-three")).split(";")[0].split("=")[1];
    const forgedValue = `${name}=${otherValue.split(".")[0]}.${value.split(".")[1]}`;
    expect(await sessionIdOf(requestWith(forgedValue))).toBeNull();
    expect(await sessionIdOf(requestWith(null))).toBeNull();
  });
});
