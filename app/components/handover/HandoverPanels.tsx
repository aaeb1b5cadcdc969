// The owner's side of a handover: the form that starts one (who it is for, which mod costs
// show), the link to pass on once it is made, and the waiting handover with its Cancel.
// Plain forms: it all works without JavaScript.
import { Form } from "@remix-run/react";
import { KeyRound, Link2, Lock } from "~/components/icons";
import { formatCost } from "~/lib/rules/formats";
import { HANDOVER_DAYS } from "~/lib/rules/handover";
import "~/components/cars/cars.css";
import "./handover.css";

export type CostChoiceView = { id: number; name: string; category: string; cost_cents: number; show_cost: boolean };

export function StartHandoverForm({ costs, error, field }: { costs: readonly CostChoiceView[]; error: string | null; field: string | null }) {
  const usernameError = field === "username" ? error : null;
  return (
    <Form method="post" className="handover-form card" aria-labelledby="handover-start-title">
      <h2 id="handover-start-title" className="cm-danger__title handover__title">
        <KeyRound aria-hidden size={18} /> Hand this car over
      </h2>
      <p className="cm-danger__text">
        You get a link to pass to the buyer, good for {HANDOVER_DAYS} days and for one use. When they accept, the car is theirs with its showcase, followers, mods, parts,
        build sheet and timeline. Your posts stay yours, marked “while owned by” you.
      </p>
      {error && !usernameError ? (
        <p className="cm-banner cm-banner--error" role="alert">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="start" />
      <div className={`field cm-field${usernameError ? " cm-field--invalid" : ""}`}>
        <label htmlFor="handover-username">To a member (optional)</label>
        <input
          id="handover-username"
          name="username"
          type="text"
          autoComplete="off"
          placeholder="@username"
          maxLength={31}
          aria-describedby="handover-username-hint"
          aria-invalid={usernameError ? true : undefined}
        />
        <p className="cm-field__hint" id="handover-username-hint">
          They get a notification, and only they can accept. Leave it blank for anyone with the link.
        </p>
        {usernameError ? (
          <p className="cm-field__error" role="alert">
            {usernameError}
          </p>
        ) : null}
      </div>
      {costs.length ? (
        <fieldset className="handover-costs">
          <legend>Which costs does the next owner see?</legend>
          <p className="cm-field__hint">Costs you keep private stay private, for the new owner too: they are taken off the car when it changes hands.</p>
          <ul>
            {costs.map((mod) => (
              <li key={mod.id}>
                <label>
                  <input type="checkbox" name="shown_cost" value={mod.id} defaultChecked={mod.show_cost} /> {mod.name || mod.category}{" "}
                  <span className="handover-costs__amount">{formatCost(mod.cost_cents)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <button type="submit" className="btn btn--primary">
        <Link2 aria-hidden size={16} /> Start handover
      </button>
    </Form>
  );
}

export function HandoverLink({ link, buyer, expires }: { link: string; buyer: string | null; expires: string }) {
  return (
    <section className="handover-link card" aria-labelledby="handover-link-title" data-testid="handover-link">
      <h2 id="handover-link-title" className="cm-danger__title handover__title">
        <Link2 aria-hidden size={18} /> Handover link
      </h2>
      <p className="cm-danger__text">
        {buyer ? `@${buyer} was told. ` : null}Pass this link to the buyer; it is shown only now, works once, and until {expires}.
      </p>
      <label className="visually-hidden" htmlFor="handover-link-text">
        Handover link
      </label>
      <input id="handover-link-text" className="handover-link__text" type="text" readOnly value={link} />
    </section>
  );
}

export function PendingHandover({ buyer, expires }: { buyer: string | null; expires: string }) {
  return (
    <section className="handover-pending card" aria-labelledby="handover-pending-title">
      <h2 id="handover-pending-title" className="cm-danger__title handover__title">
        <Lock aria-hidden size={18} /> Handover waiting
      </h2>
      <p className="cm-danger__text" data-testid="handover-waiting">
        {buyer ? `Waiting for @${buyer}` : "Waiting for whoever has the link"}, until {expires}. You can cancel until it is accepted.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="btn btn--secondary">
          Cancel handover
        </button>
      </Form>
    </section>
  );
}
