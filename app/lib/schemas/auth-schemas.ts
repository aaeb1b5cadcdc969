// Sign-up and sign-in rules, shared by the login modal and the server.
import { z } from "zod";
import { PASSWORD_MIN, RESET_COOLDOWN } from "~/lib/constants";
import { sameOriginPath } from "~/lib/rules/redirect-path";
import { textField, userText } from "~/lib/schemas/text-schemas";

export const MESSAGES = {
  passwordsDiffer: "Passwords do not match",
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  usernameTaken: "Username already taken. Please choose another one.",
  emailTaken: "Email already registered. Please use another email or try logging in.",
  usernameNotFound: "Username not found. Please try using your email address.",
  invalidCredentials: "Invalid email/username or password. Please try again.",
  googleOnly: "This account uses Google sign-in. Please use the 'Sign in with Google' button.",
  suspended: "This account has been suspended.",
  registrationFailed: "Registration failed",
  loginFailed: "Login failed",
  loginSuccess: "Login successful!",
  loginToast: "Login Successful!",
  fillAll: "Please fill in all fields",
  registrationUnexpected: "An unexpected error occurred during registration.",
  resetEntryRequired: "Please enter your email or username",
  resetFailed: "Failed to send reset email",
  resetSent: "If an account matches, we've sent a reset link to its email.",
  resetTooMany: "Too many password reset requests. Please try again later.",
  resetLinkInvalid: "This reset link is invalid, has expired or was already used. Please request a new one.",
  resetDone: "Your password has been changed. You're signed in.",
} as const;

/**
 * The client cooldown message: the cooldown is 60 seconds but the wording says
 * minutes, so N is the remaining time in minutes rounded up.
 */
export function resetCooldownMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Please wait ${minutes} minutes before requesting another password reset`;
}

/** Milliseconds left of the reset cooldown after a request made at `lastRequestAt`. */
export function resetCooldownLeft(lastRequestAt: number | null, now = Date.now()): number {
  if (lastRequestAt === null || !Number.isFinite(lastRequestAt)) return 0;
  return Math.max(0, lastRequestAt + RESET_COOLDOWN - now);
}

const required = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const usernameSchema = userText("Username", { required_error: "Username is required" })
  .pipe(required("Username"))
  .transform((value) => value.toLowerCase())
  .pipe(
    z
      .string()
      .min(3, "Username must be at least 3 characters")
      .max(30, "Username must be at most 30 characters")
      .regex(/^[a-z0-9_.]+$/, "Username may use letters, numbers, dots and underscores only"),
  );

export const emailSchema = required("Email")
  .transform((value) => value.toLowerCase())
  .pipe(z.string().max(254, "Email is too long").email("Please enter a valid email address"));

const passwordSchema = z
  .string({ required_error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, MESSAGES.passwordShort)
  .max(200, "Password must be at most 200 characters");

/** A value a failed form gets back to show again: text only, at most `max` characters (it travels in a cookie or a URL). */
const echoed = (max = Infinity) => z.unknown().transform((value) => (typeof value === "string" ? value.slice(0, max) : ""));

/** What the Sign Up form shows again after a refusal. */
export const signUpEchoSchema = z.object({ username: echoed(100), email: echoed(254) });

/** What the Sign In form shows again after a refusal. */
export const signInEchoSchema = z.object({ email: echoed(254) });

/** The emailed token the reset page keeps after a refusal. */
export const resetTokenEchoSchema = z.object({ token: echoed() });

/** POST /api/auth/google from a script: `returnTo`, a path of this site to come back to, or null. */
export const googleStartSchema = z.object({ returnTo: z.unknown().transform(sameOriginPath) });

/** What the server needs to register (POST /api/auth/register). */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** The Sign Up form: the same fields plus the confirmation. */
export const signUpFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ required_error: "Please confirm your password" }).min(1, "Please confirm your password") })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** Sign In: `email` holds an email or a username. */
export const signInSchema = z.object({
  email: required("Email or username").pipe(z.string().max(254)),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(200),
});

/** Reset Password: `email` holds an email or a username. */
export const resetRequestSchema = z.object({
  email: z.string({ required_error: MESSAGES.resetEntryRequired }).trim().min(1, MESSAGES.resetEntryRequired).max(254, "Email or username is too long"),
});

/** POST /api/auth/reset-password: the email or username, sent as `email`, `username` or `identifier`. */
export const resetEntrySchema = z
  .object({ email: z.unknown(), username: z.unknown(), identifier: z.unknown() })
  .transform((fields) => ({ email: fields.email ?? fields.username ?? fields.identifier }))
  .pipe(resetRequestSchema);

/** The reset page's form: the emailed token and the new password twice (same rules as sign-up). */
export const resetPasswordFormSchema = z
  .object({
    token: z.string({ required_error: MESSAGES.resetLinkInvalid }).min(1, MESSAGES.resetLinkInvalid).max(200, MESSAGES.resetLinkInvalid),
    password: passwordSchema,
    confirmPassword: z.string({ required_error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** POST /api/auth/reset-password/confirm from a script: the confirmation is optional there. */
export const resetConfirmSchema = z
  .object({
    token: resetPasswordFormSchema.innerType().shape.token,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** A password as typed (never trimmed); "" when absent or not a string. */
const passwordField = z.unknown().transform((value) => (typeof value === "string" ? value : ""));

/** The two-factor challenge and confirmation: `code` from the app, or a recovery code. */
export const twoFactorCodeSchema = z.object({ code: textField });

/** Turning two-factor off: the password, or a code for an account without one. */
export const twoFactorDisableSchema = z.object({ password: passwordField, code: textField });

/** Starting two-factor set-up: the password (absent for an account without one). */
export const twoFactorEnrolSchema = z.object({ password: z.string({ invalid_type_error: "Password must be text" }).max(200, "Password must be text").optional() });

/** Signing in with an emailed code: the address (checked by emailSchema next) and the code. */
export const loginCodeVerifySchema = z.object({ email: textField, code: textField });

/** Asking for an emailed (or texted) code: the address or the phone number. */
export const loginCodeRequestSchema = z.object({ email: textField, phone: textField });
