// MEDIA_PUBLIC_URL: media links point at a CDN or the bucket's public address, and the pages'
// Content-Security-Policy lets images and videos load from that host. Stored addresses stay
// /media/… so the setting can change (or be removed) without touching the database.
import { afterEach, describe, expect, it } from "vitest";
import { mediaPublicUrl } from "~/lib/server/env.server";
import { mediaUrl, setMediaBase, srcSetFor } from "~/lib/media/media-types";
import { contentSecurityPolicy } from "~/lib/server/security-headers.server";

afterEach(() => {
  delete process.env.MEDIA_PUBLIC_URL;
  setMediaBase(null);
});

function directive(csp: string, name: string): string {
  return csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
}

describe("MEDIA_PUBLIC_URL", () => {
  it("is unset by default: links point at the app's /media/ and the CSP names no other host", () => {
    setMediaBase(mediaPublicUrl());
    expect(mediaUrl("ab/cd/abcd.webp")).toBe("/media/ab/cd/abcd.webp");
    expect(directive(contentSecurityPolicy("/"), "img-src")).toBe("img-src 'self' data: blob: https://i1.sndcdn.com");
    expect(directive(contentSecurityPolicy("/"), "media-src")).toBe("media-src 'self' blob:");
  });

  it("points media links, stored /media/ addresses and srcsets at the CDN, and names its host in img-src and media-src", () => {
    process.env.MEDIA_PUBLIC_URL = "https://cdn.example.com/media/";
    setMediaBase(mediaPublicUrl());
    expect(mediaUrl("ab/cd/abcd.webp")).toBe("https://cdn.example.com/media/ab/cd/abcd.webp");
    expect(mediaUrl("/media/avatars/ab/cd/abcd.webp")).toBe("https://cdn.example.com/media/avatars/ab/cd/abcd.webp");
    expect(mediaUrl("https://i1.sndcdn.com/artwork.jpg")).toBe("https://i1.sndcdn.com/artwork.jpg");
    expect(srcSetFor("ab/cd/abcd.webp", "320", 640)).toContain("https://cdn.example.com/media/ab/cd/abcd-w320.webp 320w");
    const csp = contentSecurityPolicy("/");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob: https://i1.sndcdn.com https://cdn.example.com");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob: https://cdn.example.com");
  });

  it("refuses an address that is not http(s), naming the setting", () => {
    process.env.MEDIA_PUBLIC_URL = "cdn.example.com";
    expect(() => mediaPublicUrl()).toThrow('MEDIA_PUBLIC_URL="cdn.example.com" is not understood: use an http(s) address such as https://media.example.com.');
  });
});
