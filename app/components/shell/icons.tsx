import {
  CalendarDays,
  CarFront,
  Bell,
  Images,
  MessageCircle,
  Search,
  ShieldCheck,
  SquarePlus,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import type { NavKey } from "./nav";

export const NAV_ICONS: Record<NavKey, LucideIcon> = {
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
