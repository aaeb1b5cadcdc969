// APP_URL and ALLOWED_HOSTS: where absolute links point, and the start-up check.
import { describe, expect, it } from "vitest";
import { allowedHosts, appUrl, checkStartupSettings, publicOrigin } from "~/lib/server/env.server";

const request = (url: string) => new Request(url);

describe("APP_URL", () => {
  it("is required in production, with a message that says what to set", () => {
    expect(() => checkStartupSettings({ NODE_ENV: "production" })).toThrow(/APP_URL must be set when NODE_ENV=production/);
    expect(() => checkStartupSettings({ NODE_ENV: "production", APP_URL: "https://cars.example.com", SESSION_SECRET: "s3cret" })).not.toThrow();
    expect(() => checkStartupSettings({ NODE_ENV: "development" })).not.toThrow();
  });

  it("must be an http(s) address; it is kept as an origin", () => {
    expect(() => checkStartupSettings({ NODE_ENV: "production", APP_URL: "cars.example.com" })).toThrow(/APP_URL must be an http\(s\) address/);
    expect(() => appUrl({ APP_URL: "javascript:alert(1)" })).toThrow(/APP_URL/);
    expect(appUrl({ APP_URL: " https://Cars.Example.com/some/path/ " })).toBe("https://cars.example.com");
    expect(appUrl({})).toBeNull();
  });

  it("wins over the request's host everywhere", () => {
    const env = { APP_URL: "https://cars.example.com", NODE_ENV: "development" };
    expect(publicOrigin(request("http://attacker.example/x"), env)).toBe("https://cars.example.com");
    expect(publicOrigin(request("http://127.0.0.1:3000/x"), env)).toBe("https://cars.example.com");
  });
});

describe("without APP_URL, outside production", () => {
  it("trusts localhost and 127.0.0.1 on any port", () => {
    expect(publicOrigin(request("http://127.0.0.1:4567/x"), {})).toBe("http://127.0.0.1:4567");
    expect(publicOrigin(request("http://localhost:3000/x"), {})).toBe("http://localhost:3000");
    expect(publicOrigin(request("http://[::1]:3000/x"), {})).toBe("http://[::1]:3000");
  });

  it("gives any other host the local default, unless ALLOWED_HOSTS lists it", () => {
    expect(publicOrigin(request("http://attacker.example/x"), { PORT: "8080" })).toBe("http://localhost:8080");
    expect(publicOrigin(request("http://localhost.attacker.example/x"), {})).toBe("http://localhost:3000");
    const env = { ALLOWED_HOSTS: "cars.lan, garage.local:8080" };
    expect(publicOrigin(request("http://cars.lan:5000/x"), env)).toBe("http://cars.lan:5000");
    expect(publicOrigin(request("http://garage.local:8080/x"), env)).toBe("http://garage.local:8080");
    expect(publicOrigin(request("http://garage.local:9090/x"), env)).toBe("http://localhost:3000");
  });

  it("refuses an ALLOWED_HOSTS entry that is not a host name", () => {
    expect(allowedHosts({ ALLOWED_HOSTS: "A.Example, b.example:81" })).toEqual(["a.example", "b.example:81"]);
    expect(() => allowedHosts({ ALLOWED_HOSTS: "https://a.example" })).toThrow(/ALLOWED_HOSTS/);
  });
});
