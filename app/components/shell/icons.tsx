import { CalendarDays, CarFront, Bell, Images, MessageCircle, Search, ShieldCheck, SquarePlus, UserRound, type IconComponent } from "~/components/icons";
import type { NavKey } from "./nav";

export const NAV_ICONS: Record<NavKey, IconComponent> = {
  "my-cars": CarFront,
  upload: SquarePlus,
  messages: MessageCircle,
  notifications: Bell,
  events: CalendarDays,
  "my-posts": Images,
  profile: UserRound,
  search: Search,
  admin: ShieldCheck,
};
