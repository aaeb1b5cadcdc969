// The V8 flags every server process runs with (`npm start`, `npm run serve`, the tests' and the
// benchmark's servers; cluster workers inherit their primary's). The benchmark's bare Remix
// reference runs with them too, so its ratios compare the code, not the flags.
//
// A page's render makes many short-lived objects (elements, strings, loader data), and V8
// collects its young generation each time a semi-space fills. At the default size (16 MB) a
// busy process spends a tenth of its time in those collections and pauses in the middle of
// requests; at 64 MB collections are a quarter as frequent and most objects are already dead
// when one runs. Measured in bench/README.md ("Thirteenth round"). The cost is memory: the
// young generation may grow to three semi-spaces of 64 MB per process (about 150 MB more).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"] as const;
