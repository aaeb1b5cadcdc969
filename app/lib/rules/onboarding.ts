// The three first steps of a new member, as plain pages: /welcome/car (add your first car
// with its photo), /welcome/follow (follow some cars and people), /welcome/post (make your
// first post). Each can be skipped; `redirectTo` (a path on this site) is where the member
// goes when they are done.
export const WELCOME_STEPS = ["car", "follow", "post"] as const;
export type WelcomeStep = (typeof WELCOME_STEPS)[number];

export function isWelcomeStep(value: unknown): value is WelcomeStep {
  return typeof value === "string" && (WELCOME_STEPS as readonly string[]).includes(value);
}

/** The address of a step, carrying where to go at the end (left out when it is home). */
export function welcomeHref(step: WelcomeStep = "car", redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/welcome/${step}?redirectTo=${encodeURIComponent(redirectTo)}` : `/welcome/${step}`;
}

/** The step after `step`, or null after the last. */
export function nextStep(step: WelcomeStep): WelcomeStep | null {
  return WELCOME_STEPS[WELCOME_STEPS.indexOf(step) + 1] ?? null;
}

/** Where every "Post" button leads: a member without a car adds one first, then comes back. */
export const NEW_POST_PATH = "/post/new";
