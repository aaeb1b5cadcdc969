// How a car's insurance stands: expired, due within 30 days, or fine until a date.
import { ShieldCheck, ShieldX, ShieldAlert } from "~/components/icons";
import { shortDate } from "~/lib/rules/formats";

const DAY = 24 * 60 * 60 * 1000;
export const INSURANCE_WARN_DAYS = 30;

export function insuranceStatus(iso: string, now = Date.now()) {
  const days = Math.ceil((new Date(iso).getTime() - now) / DAY);
  if (days < 0) return { tone: "danger" as const, text: `Insurance expired ${shortDate(iso)}` };
  if (days === 0) return { tone: "warning" as const, text: "Insurance expires today" };
  if (days <= INSURANCE_WARN_DAYS) return { tone: "warning" as const, text: `Insurance expires in ${days} day${days === 1 ? "" : "s"}` };
  return { tone: "ok" as const, text: `Insured until ${shortDate(iso)}` };
}

export function InsuranceBadge({ expiresAt }: { expiresAt: string }) {
  const status = insuranceStatus(expiresAt);
  const Icon = status.tone === "danger" ? ShieldX : status.tone === "warning" ? ShieldAlert : ShieldCheck;
  return (
    <span className={`insurance-badge insurance-badge--${status.tone}`}>
      <Icon aria-hidden size={14} />
      {status.text}
    </span>
  );
}
