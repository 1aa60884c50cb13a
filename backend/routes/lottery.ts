import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";
import { lastDraw, lookupBody, lookupResult, messageBody, registerBody, SEARCH_FAILED, searchBody, searchLines, type LogLine } from "#core/contract/lottery";
import { requireUser } from "../context";
import { ApiError } from "../errors";
import { adminOnly } from "../guards";
import { errorBody, errorReplies } from "../schema";
import * as lottery from "../services/official/draw-results";
import { resource } from "./resource";

/** The calls that reach Loterías may also fail on its side. */
const lotteryReplies = {
  ...errorReplies,
  502: errorBody.describe("Loterías no respondió o respondió algo no válido"),
  504: errorBody.describe("Tiempo de espera agotado consultando Loterías"),
} as const;

export default resource("loteria", (app, deps) => {
  app.get(
    "/Loteria/quiniela/ultima",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Día del último sorteo guardado, { drawDate } (admin)",
        response: { 200: lastDraw, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      return { drawDate: await lottery.lastDrawDate(deps.db) };
    },
  );

  app.post(
    "/Loteria/RegistrarQuiniela",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Guarda los resultados de un cuerpo de Loterías (fechav3) en la quiniela de su semana (admin)",
        body: registerBody,
        response: { 200: messageBody, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      return lottery.registerBody(deps, request.body);
    },
  );

  app.post(
    "/Loteria/quiniela/consultar",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Consulta el sorteo de un día { fecha: yyyyMMdd } y guarda sus resultados si está jugado (admin)",
        body: lookupBody,
        response: { 200: lookupResult, ...lotteryReplies },
      },
    },
    async (request) => {
      requireUser(request);
      return lottery.lookupDate(deps, request.body.fecha);
    },
  );

  app.post(
    "/Loteria/quiniela/buscar",
    {
      config: { guard: adminOnly },
      schema: {
        summary:
          "Búsqueda automática desde el día siguiente al último sorteo guardado; responde una línea JSON { fecha, status, mensaje } por día, según avanza (admin)",
        body: searchBody,
        // The 200 is a stream of lines, sent as it is written; the errors before it starts are JSON.
        produces: ["application/x-ndjson", "application/json"],
        response: { 200: searchLines, ...errorReplies },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const stream = new PassThrough();
      // A visitor who leaves does not stop the search: what it finds is still stored.
      stream.on("error", () => {});
      const write = (line: LogLine) => {
        if (!stream.destroyed) stream.write(`${JSON.stringify(line)}\n`);
      };
      void lottery
        .searchForward(deps, write)
        .catch((error: unknown) => {
          request.log.error(error);
          write({
            fecha: "",
            status: "error",
            mensaje: error instanceof ApiError ? error.message : SEARCH_FAILED,
          });
        })
        .finally(() => stream.end());
      // The stream goes out as it is written, past the JSON serializer: the route's reply is typed for the schema's string.
      const streamed: FastifyReply = reply;
      return streamed.header("content-type", "application/x-ndjson; charset=utf-8").header("cache-control", "no-store").send(stream);
    },
  );
});
