/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  // Paths the spec names for a screen whose file is named like the others: declared here, so that
  // no route module imports another. The id keeps each alias's own entry in the route tree.
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route("registro", "routes/register.tsx", { id: "routes/registro" });
      route("grupo/nuevo", "routes/crear-grupo.tsx", { id: "routes/grupo.nuevo" });
      route("ChangePassword", "routes/change-password.tsx", { id: "routes/ChangePassword" });
    });
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
