export { HeaderSearch } from "./HeaderSearch";
export { readQuickResults, type QuickResults, type CarHit, type UserHit, type EventHit } from "./search-client";
