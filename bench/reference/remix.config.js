// The bare Remix reference of the benchmark (see ../README.md). Built at bench time with the
// project's own remix CLI into REFERENCE_BUILD_DIR (default: this folder).
const out = process.env.REFERENCE_BUILD_DIR ?? ".";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  cacheDirectory: `${out}/.cache`,
  serverBuildPath: `${out}/build/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
};
