// The ceiling of `npm run bench`, the stack's minimal page: a bare Remix app (the project's Remix,
// React and PGlite) with one route that reads the standings' 200 rows, precomputed, in one indexed
// query and draws them as a plain table, nothing else. Built by the bench into bench/ceiling/build.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
