/// <reference types="vite/client" />
/// <reference types="@remix-run/node" />

// Single fetch (future.v3_singleFetch) types: loaders' data arrive as returned (Dates stay
// Dates), and data() responses type as their payload.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
