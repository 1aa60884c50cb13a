// How this project's TypeScript is bundled for Node: npm packages stay external, #core resolves.
export const nodeBundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "#core": "./core" },
  logLevel: "warning",
};
