// Performance gains as chips: "Horsepower +25 hp".
import { Gauge, TrendingDown, TrendingUp } from "~/components/icons";
import { formatGainAmount, type GainJson } from "~/lib/rules/cars";

function label(type: string) {
  const clean = type.trim();
  return clean ? clean.charAt(0).toUpperCase() + clean.slice(1) : "";
}

export function GainChips({ gains, size = "md" }: { gains: readonly GainJson[]; size?: "md" | "lg" }) {
  if (gains.length === 0) return null;
  return (
    <ul className={`gain-chips gain-chips--${size}`} aria-label="Performance gains">
      {gains.map((gain, index) => {
        const Icon = gain.amount > 0 ? TrendingUp : gain.amount < 0 ? TrendingDown : Gauge;
        return (
          <li key={`${gain.type}-${gain.unit}-${index}`} className="gain-chip">
            <Icon aria-hidden size={size === "lg" ? 16 : 13} />
            <span className="gain-chip__type">{label(gain.type)}</span>
            <strong className="gain-chip__amount">{formatGainAmount(gain)}</strong>
          </li>
        );
      })}
    </ul>
  );
}
