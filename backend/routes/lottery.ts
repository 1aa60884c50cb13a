import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { lookupBody, SEARCH_FAILED, type LogLine } from "#core/contract/lottery";
import { requireAdmin, type Deps } from "../context";
import { ApiError } from "../errors";
import { parse } from "../validate";
import * as lottery from "../services/lottery";

export default async function lotteryRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["loteria"];

  app.get(
    "/Loteria/quiniela/ultima",
    {
      schema: {
        tags,
        summary: "Día del último sorteo guardado, { drawDate } (admin)",
      },
    },
    async (request) => {
      requireAdmin(request);
      return { drawDate: await lottery.lastDrawDate(deps.db) };
    },
  );

  app.post(
    "/Loteria/RegistrarQuiniela",
    {
      schema: {
        tags,
        summary: "Guarda los resultados de un cuerpo de Loterías (fechav3) en la quiniela de su semana (admin)",
      },
    },
    async (request) => {
      requireAdmin(request);
      return lottery.registerBody(deps, request.body);
    },
  );

  app.post(
    "/Loteria/quiniela/consultar",
    {
      schema: {
        tags,
        summary: "Consulta el sorteo de un día { fecha: yyyyMMdd } y guarda sus resultados si está jugado (admin)",
      },
    },
    async (request) => {
      requireAdmin(request);
      const { fecha } = parse(lookupBody, request.body);
      return lottery.lookupDate(deps, fecha);
    },
  );

  app.post(
    "/Loteria/quiniela/buscar",
    {
      schema: {
        tags,
        summary:
          "Búsqueda automática desde el día siguiente al último sorteo guardado; responde una línea JSON { fecha, status, mensaje } por día, según avanza (admin)",
      },
    },
    async (request, reply) => {
      requireAdmin(request);
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
      return reply.header("content-type", "application/x-ndjson; charset=utf-8").header("cache-control", "no-store").send(stream);
    },
  );
}
