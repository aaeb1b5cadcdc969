// The shapes that cross the wire between the server and the browser, declared once: the
// server code that writes them declares its result with them, and the components that read
// them import them from here, so a change on one side is a type error on the other.
// One file per feature under wire/. A shape that is also an /api/* answer keeps the names
// the API sends (snake_case, as its clients read it); a shape only a loader sends is camelCase
// (docs/decisions/wire-shapes.md).
export * from "./wire/admin";
export * from "./wire/cars";
export * from "./wire/events";
export * from "./wire/live";
export * from "./wire/members";
export * from "./wire/notifications";
export * from "./wire/posts";
export * from "./wire/profile";
export * from "./wire/sale-report";
export * from "./wire/search";
