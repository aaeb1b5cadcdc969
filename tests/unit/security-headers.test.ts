import { afterEach, describe, expect, it } from "vitest";
import { HSTS, contentSecurityPolicy, createNonce, isSecureRequest, securityHeaders } from "~/lib/server/security-headers.server";
import { imageTypeOfBytes } from "~/lib/media/media-types";

const ENV = ["TRUST_PROXY", "COOKIE_SECURE", "SECURE_COOKIES"] as const;
afterEach(() => {
  for (const name of ENV) delete process.env[name];
});

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
}

describe("document security headers", () => {
  it("allow scripts only from our origin and with this response's nonce", () => {
    const nonce = createNonce();
    const csp = contentSecurityPolicy("/", { nonce });
    expect(directive(csp, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(csp, "script-src-attr")).toBe("script-src-attr 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'self'");
    expect(directive(csp, "form-action")).toBe("form-action 'self'");
  });

  it("make a new unguessable nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("refuse framing everywhere except /embed/*, which runs no script at all", () => {
    const page = securityHeaders("/post/1", { nonce: "abc" });
    expect(directive(page["Content-Security-Policy"], "frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(page["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(page["Cross-Origin-Opener-Policy"]).toBe("same-origin");

    const embed = securityHeaders("/embed/post/1", { nonce: "abc" });
    expect(directive(embed["Content-Security-Policy"], "frame-ancestors")).toBe("frame-ancestors *");
    expect(directive(embed["Content-Security-Policy"], "script-src")).toBe("script-src 'none'");
    expect(embed["X-Frame-Options"]).toBeUndefined();
    // "/embedded" is not an embed.
    expect(directive(securityHeaders("/embedded")["Content-Security-Policy"], "frame-ancestors")).toBe("frame-ancestors 'self'");
  });

  it("send the other headers on every document", () => {
    const headers = securityHeaders("/");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Permissions-Policy"]).toContain("geolocation=()");
  });

  it("add HSTS and upgrade-insecure-requests only over TLS", () => {
    const plain = securityHeaders("/", { secure: false });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(plain["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
    const tls = securityHeaders("/", { secure: true });
    expect(tls["Strict-Transport-Security"]).toBe(HSTS);
    expect(tls["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
  });
});

describe("isSecureRequest", () => {
  const forwarded = (proto: string) => new Request("http://app.test/", { headers: { "X-Forwarded-Proto": proto } });

  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    expect(isSecureRequest(forwarded("https"))).toBe(false);
    process.env.TRUST_PROXY = "true";
    expect(isSecureRequest(forwarded("https"))).toBe(true);
    // The nearest proxy's entry (the last) counts, not what the client put in front of it.
    expect(isSecureRequest(forwarded("http, https"))).toBe(true);
    expect(isSecureRequest(forwarded("https, http"))).toBe(false);
    process.env.TRUST_PROXY = "True";
    expect(isSecureRequest(forwarded("https"))).toBe(true);
    expect(isSecureRequest(forwarded("http"))).toBe(false);
    expect(isSecureRequest(new Request("http://app.test/"))).toBe(false);
  });

  it("is true for https URLs and whenever COOKIE_SECURE (or SECURE_COOKIES) is true", () => {
    expect(isSecureRequest(new Request("https://app.test/"))).toBe(true);
    expect(isSecureRequest(new Request("http://app.test/"))).toBe(false);
    process.env.COOKIE_SECURE = "true";
    expect(isSecureRequest(new Request("http://app.test/"))).toBe(true);
    delete process.env.COOKIE_SECURE;
    process.env.SECURE_COOKIES = "true";
    expect(isSecureRequest(new Request("http://app.test/"))).toBe(true);
  });
});

describe("imageTypeOfBytes", () => {
  it("knows images by their first bytes and nothing else", () => {
    expect(imageTypeOfBytes(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(imageTypeOfBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(imageTypeOfBytes(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(imageTypeOfBytes(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageTypeOfBytes(Buffer.from("\0\0\0\x1cftypavif"))).toBe("image/avif");
    expect(imageTypeOfBytes(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageTypeOfBytes(Buffer.from("<!doctype html><script>"))).toBeNull();
    expect(imageTypeOfBytes(new Uint8Array(0))).toBeNull();
  });
});
