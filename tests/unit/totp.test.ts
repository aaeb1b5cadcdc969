import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  formatManualKey,
  generateTotpSecret,
  hotp,
  openSecret,
  otpauthUri,
  sealSecret,
  totpCode,
  verifyTotp,
} from "~/lib/server/totp.server";

const SHA1_KEY = Buffer.from("12345678901234567890");
const SHA256_KEY = Buffer.from("12345678901234567890123456789012");
const SHA512_KEY = Buffer.from("1234567890123456789012345678901234567890123456789012345678901234");

describe("HOTP (RFC 4226 appendix D)", () => {
  it("gives the published codes for counters 0 to 9", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });
});

describe("TOTP (RFC 6238 appendix B, 8 digits)", () => {
  const vectors: Array<[number, string, string, string]> = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  for (const [seconds, sha1, sha256, sha512] of vectors) {
    it(`T = ${seconds}`, () => {
      const step = Math.floor(seconds / 30);
      expect(hotp(SHA1_KEY, step, 8, "sha1")).toBe(sha1);
      expect(hotp(SHA256_KEY, step, 8, "sha256")).toBe(sha256);
      expect(hotp(SHA512_KEY, step, 8, "sha512")).toBe(sha512);
    });
  }

  it("computes 6-digit codes from a base32 secret (the last six digits of the vectors)", () => {
    const secret = base32Encode(SHA1_KEY);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1111111109_000)).toBe("081804");
    expect(totpCode(secret, 1234567890_000)).toBe("005924");
  });
});

describe("TOTP (RFC 6238 appendix B, SHA-1 vector at T = 59)", () => {
  // The published SHA-1 seed "12345678901234567890" as base32, at 59 s (step 1): the
  // appendix lists 94287082 for 8 digits; an authenticator shows its last six.
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  it("gives the published code, and accepts it as the code of step 1", () => {
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(verifyTotp(secret, "287082", 59_000)).toBe(1);
  });

  it("accepts it one step later but not two (the window)", () => {
    expect(verifyTotp(secret, "287082", 89_000)).toBe(1);
    expect(verifyTotp(secret, "287082", 119_000)).toBeNull();
  });

  it("reads the secret in any case, with spaces and padding", () => {
    expect(totpCode(formatManualKey(secret).toLowerCase(), 59_000)).toBe("287082");
    expect(verifyTotp(`${secret}====`, "287082", 59_000)).toBe(1);
  });
});

describe("verifyTotp", () => {
  const secret = base32Encode(SHA1_KEY);
  const now = 1111111111_000; // step 37037037
  const codeAt = (offsetSteps: number) => totpCode(secret, now + offsetSteps * 30_000);

  it("accepts the current step and one step either side, and says which matched", () => {
    expect(verifyTotp(secret, codeAt(0), now)).toBe(37037037);
    expect(verifyTotp(secret, codeAt(-1), now)).toBe(37037036);
    expect(verifyTotp(secret, codeAt(1), now)).toBe(37037038);
  });

  it("refuses codes two steps away", () => {
    expect(verifyTotp(secret, codeAt(-2), now)).toBeNull();
    expect(verifyTotp(secret, codeAt(2), now)).toBeNull();
  });

  it("refuses malformed entries and tolerates spaces", () => {
    expect(verifyTotp(secret, "", now)).toBeNull();
    expect(verifyTotp(secret, "12345", now)).toBeNull();
    expect(verifyTotp(secret, "abcdef", now)).toBeNull();
    expect(verifyTotp(secret, "1234567", now)).toBeNull();
    const code = codeAt(0);
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(37037037);
    expect(verifyTotp("not base32!", code, now)).toBeNull();
  });

  it("answers the step of the earliest matching code, which the caller stores against replay", () => {
    // The same code at its own step and one step later: both answers name its step, so a
    // second use finds that step already claimed.
    expect(verifyTotp(secret, codeAt(0), now)).toBe(37037037);
    expect(verifyTotp(secret, codeAt(0), now + 30_000)).toBe(37037037);
  });

  it("accepts a wider or narrower window when asked", () => {
    expect(verifyTotp(secret, codeAt(-2), now, 2)).toBe(37037035);
    expect(verifyTotp(secret, codeAt(-1), now, 0)).toBeNull();
    expect(verifyTotp(secret, codeAt(0), now, 0)).toBe(37037037);
  });

  it("keeps accepting codes of a secret made before the library (20 bytes, base32, unpadded)", () => {
    // Written the way the hand-made encoder wrote it: 5-bit groups, most significant first.
    const legacy = "AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQT"; // bytes 0..19
    expect(base32Decode(legacy)).toEqual(Buffer.from(Array.from({ length: 20 }, (_, i) => i)));
    // The code the hand-made HMAC-SHA1 code computed for this secret at step 37037037.
    expect(totpCode(legacy, now)).toBe("148968");
    expect(verifyTotp(legacy, "148968", now)).toBe(37037037);
  });
});

describe("secrets", () => {
  it("base32 round-trips and ignores case, spaces and padding", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    const encoded = base32Encode(bytes);
    expect(base32Decode(encoded)).toEqual(bytes);
    expect(base32Decode(formatManualKey(encoded).toLowerCase() + "====")).toEqual(bytes);
    expect(() => base32Decode("A1")).toThrow();
  });

  it("generates 160-bit secrets, different every time", () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it("seals secrets for storage and opens them again", () => {
    const secret = generateTotpSecret();
    const sealed = sealSecret(secret);
    expect(sealed).not.toContain(secret);
    expect(openSecret(sealed)).toBe(secret);
    // The first character of the ciphertext carries six whole bits, so changing it always
    // changes what is decrypted; the tag must then refuse it.
    const dataStart = sealed.lastIndexOf(".") + 1;
    const changed = sealed[dataStart] === "A" ? "B" : "A";
    expect(openSecret(sealed.slice(0, dataStart) + changed + sealed.slice(dataStart + 1))).toBeNull();
  });

  it("builds the otpauth URI authenticator apps read", () => {
    const uri = otpauthUri("JBSWY3DPEHPK3PXP", "jane doe");
    expect(uri).toBe("otpauth://totp/Car%20Social:jane%20doe?secret=JBSWY3DPEHPK3PXP&issuer=Car%20Social&algorithm=SHA1&digits=6&period=30");
  });
});
