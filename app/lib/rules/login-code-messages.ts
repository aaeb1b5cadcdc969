// Texts of the extra sign-in ways, shared by the server (API answers) and the login modal
// (which shows them after a plain form post too).
export const LOGIN_CODE_MESSAGES = {
  entryRequired: "You must provide either an email or phone number.",
  phoneUnavailable: "Codes by text message are not available. Please enter your email address to get a code by email.",
  sent: "If an account uses that email, we've sent it a 6-digit sign-in code. It works for 10 minutes.",
  codeRequired: "Enter the 6-digit code from the email.",
  invalid: "That code is not right, or it has expired. Check the email or ask for a new code.",
  emailSubject: "Your sign-in code",
} as const;
