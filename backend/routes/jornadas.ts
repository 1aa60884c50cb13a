import { z } from "zod";
import { acceptBody, jornadasPanel, jornadaTeamsBody, pasteBody, pastePreview, retryBody, stepsDone } from "#core/contract/jornadas";
import { quinielaParams } from "#core/contract/quiniela";
import { requireAdmin } from "../context";
import { adminOnly } from "../guards";
import { errorBody, errorReplies } from "../schema";
import { listSteps, retryStep } from "../services/official/steps";
import { listJornadas } from "../services/official/jornada-to-pool";
import { acceptChange, importNextDraws } from "../services/official/next-jornadas";
import { pasteJornada } from "../services/official/paste";
import { createJornadaTeams } from "../services/official/jornada-teams";
import { acceptOfficialPrizes } from "../services/official/prizes";
import { resource } from "./resource";

const lotteryReplies = { ...errorReplies, 502: errorBody.describe("Loterías no respondió o respondió algo no válido") } as const;

/** The official jornadas and the machine's steps (decision 046): the admin panel of /call-quiniela. */
export default resource("loteria", (app, deps) => {
  app.get(
    "/Loteria/jornadas",
    {
      config: { guard: adminOnly },
      schema: { summary: "Próximas jornadas oficiales y pasos automáticos (admin)", response: { 200: jornadasPanel, ...errorReplies } },
    },
    async (request) => {
      requireAdmin(request);
      return { jornadas: await listJornadas(deps.db, deps.clock()), steps: await listSteps(deps.db) };
    },
  );

  app.post(
    "/Loteria/jornadas/importar",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Importar próxima jornada: lee proximosv3 y fechav3 y crea la quiniela de cada sorteo con cierre publicado (admin)",
        body: z.object({}).describe("Sin datos"),
        response: { 200: stepsDone, ...lotteryReplies },
      },
    },
    async (request) => {
      requireAdmin(request);
      return importNextDraws(deps);
    },
  );

  app.post(
    "/Loteria/jornadas/pegar",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "La respuesta de Loterías o las 15 líneas de la web pegadas: vista previa (confirm false) o quiniela creada (confirm true) (admin)",
        body: pasteBody,
        response: { 200: pastePreview, ...errorReplies },
      },
    },
    async (request) => {
      requireAdmin(request);
      return pasteJornada(deps, request.body);
    },
  );

  app.post(
    "/Loteria/jornadas/reintentar",
    {
      config: { guard: adminOnly },
      schema: { summary: "Reintentar un paso automático fallido (admin)", body: retryBody, response: { 200: stepsDone, ...lotteryReplies } },
    },
    async (request) => {
      requireAdmin(request);
      return retryStep(deps, request.body.stepId);
    },
  );

  app.post(
    "/Loteria/jornadas/equipos",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Crear de una vez los equipos que faltan a una jornada pendiente (o guardar un nombre como alias), y crear su quiniela (admin)",
        body: jornadaTeamsBody,
        response: { 200: stepsDone, ...errorReplies },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return createJornadaTeams(deps, admin.id, request.body);
    },
  );

  app.post(
    "/Loteria/jornadas/aceptar",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Aceptar el cambio de partidos que Loterías publicó tras los pronósticos (admin)",
        body: acceptBody,
        response: { 200: stepsDone, ...errorReplies },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return acceptChange(deps, admin.id, request.body.drawKey);
    },
  );

  app.post(
    "/Loteria/jornadas/premios/:id/aceptar",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Aceptar los premios oficiales en lugar de los tecleados (admin)",
        params: quinielaParams,
        body: z.object({}).describe("Sin datos"),
        response: { 200: stepsDone, ...errorReplies },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return acceptOfficialPrizes(deps, admin.id, request.params.id);
    },
  );
});
