// The onboarding's frame: which of the three steps this is, and the way on (skip or next).
// Plain links: it works without JavaScript.
import type { ReactNode } from "react";
import { Link } from "~/components/shell/Link";
import { WELCOME_STEPS, welcomeHref, type WelcomeStep } from "~/lib/rules/onboarding";
import "./welcome.css";

const STEP_NAMES: Record<WelcomeStep, string> = {
  car: "Add your first car",
  follow: "Follow some cars and people",
  post: "Make your first post",
};

export function WelcomeSteps({
  step,
  redirectTo,
  next,
  children,
}: {
  step: WelcomeStep;
  redirectTo: string | null;
  /** Where "Skip" leads: the next step, or where the member goes at the end. */
  next: string;
  children: ReactNode;
}) {
  const at = WELCOME_STEPS.indexOf(step);
  return (
    <div className="page welcome">
      <p className="welcome__eyebrow">{`Welcome · step ${at + 1} of ${WELCOME_STEPS.length}`}</p>
      <h1 className="welcome__title">{STEP_NAMES[step]}</h1>
      <ol className="welcome__steps" aria-label="Your first steps">
        {WELCOME_STEPS.map((name, index) => (
          <li
            key={name}
            className={`welcome__step${index === at ? " welcome__step--now" : index < at ? " welcome__step--done" : ""}`}
            aria-current={index === at ? "step" : undefined}
          >
            {index < at ? <Link to={welcomeHref(name, redirectTo)}>{STEP_NAMES[name]}</Link> : STEP_NAMES[name]}
          </li>
        ))}
      </ol>
      <div className="welcome__body">{children}</div>
      <p className="welcome__skip">
        <Link to={next} className="btn btn--ghost" data-testid="welcome-skip">
          {step === "post" ? "Skip for now" : "Skip this step"}
        </Link>
      </p>
    </div>
  );
}
