// An icon per mod category (any other category gets the wrench).
import {
  AirVent,
  Armchair,
  Cog,
  Cpu,
  Disc3,
  Fan,
  Fuel,
  Lightbulb,
  Paintbrush,
  ShieldCheck,
  Snowflake,
  Speaker,
  Wind,
  Wrench,
  CircleDot,
  ArrowDownUp,
  Plane,
  Flame,
  type IconComponent,
} from "~/components/icons";

const ICONS: Record<string, IconComponent> = {
  engine: Flame,
  "forced induction": Fan,
  turbo: Fan,
  intake: AirVent,
  exhaust: Wind,
  fuel: Fuel,
  cooling: Snowflake,
  tuning: Cpu,
  drivetrain: Cog,
  suspension: ArrowDownUp,
  brakes: Disc3,
  "wheels & tires": CircleDot,
  wheels: CircleDot,
  aero: Plane,
  exterior: Paintbrush,
  interior: Armchair,
  lighting: Lightbulb,
  "audio & electronics": Speaker,
  audio: Speaker,
  safety: ShieldCheck,
  maintenance: Wrench,
};

export function CategoryIcon({ category, size = 20 }: { category: string; size?: number }) {
  const Icon = ICONS[category.trim().toLowerCase()] ?? Wrench;
  return <Icon aria-hidden size={size} />;
}
