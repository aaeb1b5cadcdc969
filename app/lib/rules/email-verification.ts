// What the email verification link, its page and the resend button say to the member.
export const VERIFY_MESSAGES = {
  invalid: "This verification link is not valid. Open the whole link from the email, or send a new one from your profile.",
  expired: "This verification link has expired. Send a new one from your profile.",
  used: "This verification link has already been used.",
  verified: "Your email address is verified.",
  alreadyVerified: "Your email address is already verified.",
  sent: "We've sent a new verification link. It works once, within 24 hours.",
} as const;
