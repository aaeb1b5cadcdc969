import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  registerSchema,
  resetConfirmSchema,
  resetCooldownLeft,
  resetCooldownMessage,
  resetPasswordFormSchema,
  resetRequestSchema,
  signInSchema,
  signUpFormSchema,
} from "~/lib/schemas/auth-schemas";
import { authPageHref, loginHref, parseLoginMode, returnPathOf, withoutLoginParams } from "~/lib/rules/login-links";

const valid = { username: "Speedy_Sam", email: "Sam@Example.COM", password: "secret1", confirmPassword: "secret1" };

function firstError(result: { success: boolean; error?: { issues: { message: string; path: (string | number)[] }[] } }) {
  return result.error?.issues[0];
}

describe("sign-up schema", () => {
  it("lower-cases username and email", () => {
    const parsed = signUpFormSchema.parse(valid);
    expect(parsed).toMatchObject({ username: "speedy_sam", email: "sam@example.com", password: "secret1" });
  });

  it("requires every field", () => {
    for (const field of ["username", "email", "password", "confirmPassword"] as const) {
      const result = signUpFormSchema.safeParse({ ...valid, [field]: "" });
      expect(result.success, field).toBe(false);
      expect(firstError(result)?.path).toEqual([field]);
    }
    const missing = signUpFormSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["confirmPassword", "email", "password", "username"]);
  });

  it("says 'Password must be at least 6 characters' below six", () => {
    const result = signUpFormSchema.safeParse({ ...valid, password: "12345", confirmPassword: "12345" });
    expect(firstError(result)).toMatchObject({ message: "Password must be at least 6 characters", path: ["password"] });
    expect(signUpFormSchema.safeParse({ ...valid, password: "123456", confirmPassword: "123456" }).success).toBe(true);
  });

  it("says 'Passwords do not match' on the confirmation", () => {
    const result = signUpFormSchema.safeParse({ ...valid, confirmPassword: "secret2" });
    expect(firstError(result)).toMatchObject({ message: "Passwords do not match", path: ["confirmPassword"] });
  });

  it("checks the email's shape and the username's characters", () => {
    expect(firstError(signUpFormSchema.safeParse({ ...valid, email: "not-an-email" }))?.path).toEqual(["email"]);
    expect(firstError(signUpFormSchema.safeParse({ ...valid, username: "has space" }))?.path).toEqual(["username"]);
  });

  it("the API schema takes the three fields without the confirmation", () => {
    expect(registerSchema.safeParse({ username: "abc", email: "a@b.co", password: "secret1" }).success).toBe(true);
  });
});

describe("sign-in schema", () => {
  it("takes an email or a username and a password", () => {
    expect(signInSchema.parse({ email: "  DrIvEr ", password: "x" })).toEqual({ email: "DrIvEr", password: "x" });
    expect(signInSchema.safeParse({ email: "", password: "x" }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "driver", password: "" }).success).toBe(false);
  });
});

describe("reset schemas and cooldown", () => {
  it("needs an email or username: 'Please enter your email or username'", () => {
    expect(firstError(resetRequestSchema.safeParse({ email: "   " }))?.message).toBe("Please enter your email or username");
    expect(firstError(resetRequestSchema.safeParse({}))?.message).toBe("Please enter your email or username");
    expect(resetRequestSchema.parse({ email: " Driver " })).toEqual({ email: "Driver" });
  });

  it("applies the sign-up password rules to the new password", () => {
    const base = { token: "t", password: "secret1", confirmPassword: "secret1" };
    expect(resetPasswordFormSchema.safeParse(base).success).toBe(true);
    expect(firstError(resetPasswordFormSchema.safeParse({ ...base, password: "123", confirmPassword: "123" }))?.message).toBe(MESSAGES.passwordShort);
    expect(firstError(resetPasswordFormSchema.safeParse({ ...base, confirmPassword: "other1" }))?.message).toBe(MESSAGES.passwordsDiffer);
    expect(resetConfirmSchema.safeParse({ token: "t", password: "secret1" }).success).toBe(true);
    expect(resetConfirmSchema.safeParse({ token: "", password: "secret1" }).success).toBe(false);
  });

  it("words the 60 second cooldown in minutes, rounded up", () => {
    expect(resetCooldownMessage(60_000)).toBe("Please wait 1 minutes before requesting another password reset");
    expect(resetCooldownMessage(1_000)).toBe("Please wait 1 minutes before requesting another password reset");
    const now = 1_000_000;
    expect(resetCooldownLeft(null, now)).toBe(0);
    expect(resetCooldownLeft(now - 10_000, now)).toBe(50_000);
    expect(resetCooldownLeft(now - 60_000, now)).toBe(0);
  });
});

describe("login modal URLs", () => {
  it("reads the mode from ?login", () => {
    expect(parseLoginMode(null)).toBeNull();
    expect(parseLoginMode("")).toBe("signin");
    expect(parseLoginMode("signup")).toBe("signup");
    expect(parseLoginMode("reset")).toBe("reset");
    expect(parseLoginMode("other")).toBe("signin");
  });

  it("builds links to the sign-in pages that come back", () => {
    expect(loginHref("/events")).toBe("/login?redirectTo=%2Fevents");
    expect(loginHref("/events?page=2", "signup")).toBe("/signup?redirectTo=%2Fevents%3Fpage%3D2");
    expect(loginHref("/", "signin", "/messages")).toBe("/login?redirectTo=%2Fmessages");
    expect(loginHref("/?login=reset", "signin")).toBe("/login");
    expect(loginHref("/", "signin", "https://evil.example")).toBe("/login");
    expect(loginHref("/", "reset")).toBe("/reset-password");
  });

  it("never sends a sign-in page back to a sign-in page", () => {
    expect(loginHref("/login?redirectTo=%2Fevents", "signup")).toBe("/signup?redirectTo=%2Fevents");
    expect(loginHref("/signup")).toBe("/login");
    expect(authPageHref("code", "/login?redirectTo=%2Fmessages")).toBe("/login?method=code&redirectTo=%2Fmessages");
    expect(returnPathOf("/reset-password?redirectTo=%2Fsignup")).toBe("/");
  });

  it("knows where a sign-in returns to", () => {
    expect(withoutLoginParams("/events?login&redirectTo=%2Fx&page=2")).toBe("/events?page=2");
    expect(returnPathOf("/events?login")).toBe("/events");
    expect(returnPathOf("/?login&redirectTo=%2Fmessages")).toBe("/messages");
    expect(returnPathOf("/?login&redirectTo=%2F%2Fevil.example")).toBe("/");
  });
});
