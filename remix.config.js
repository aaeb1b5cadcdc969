// REMIX_BUILD_DIR moves the whole build (server and browser assets) elsewhere, so that
// test runs and parallel work never overwrite each other's build.
const out = process.env.REMIX_BUILD_DIR ?? ".";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
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
