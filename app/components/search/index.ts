export { HeaderSearch } from "./HeaderSearch";
export { fetchQuickResults, type QuickResults, type CarHit, type UserHit, type EventHit } from "./search-client";
