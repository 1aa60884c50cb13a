// The ceiling's server: Express with compression, as the app's, serving the bare Remix build on PORT.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const dir = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(dir, "build/index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
app.use("/build", express.static(path.join(dir, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write(`ceiling on ${process.env.PORT}\n`));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
