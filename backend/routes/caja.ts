import {
  Caja,
  cajaParams,
  cajaQuery,
  CajaRules,
  cajaRulesBody,
  Movement,
  movementBody,
  movementParams,
  reverseBody,
  settleBody,
  Settlement,
  settlementQuery,
  PrizeSharing,
  Stamper,
  stamperQuery,
} from "#core/contract/caja";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import * as caja from "../services/caja/caja";
import { stamper } from "../services/bet/stamper";
import { prizeSharing } from "../services/caja/prize";
import { confirmSettlement, settlementPreview } from "../services/caja/settlement";
import { resource } from "./resource";

/**
 * La caja de la peña (decision 032). Who may call is each route's guard (backend/guards.ts), run on
 * arrival before the body is read (decision 028: 401, then 404 for a group that does not exist, then
 * 403, and only then a 413, 415 or 400 for the body): someone who may not write learns nothing
 * about the shape of what a write takes.
 */
export default resource("caja", (app, deps) => {
  const readers = { guard: groupGuard("group-member", "params", groupIn("id")) };
  const writers = { guard: groupGuard("group-manager", "params", groupIn("id")) };

  app.get(
    "/group/:id/caja",
    {
      config: readers,
      schema: {
        summary: "La caja del grupo: el bote, los saldos y los movimientos, lo más reciente primero (miembros; el gestor ve todo)",
        params: cajaParams,
        querystring: cajaQuery,
        response: { 200: Caja, ...errorReplies },
      },
    },
    async (request) => {
      const { member, kind, limit, before } = request.query;
      return caja.readCaja(deps, request.authUser!, request.params.id, { member: member || undefined, kind: kind || undefined, limit, before });
    },
  );

  app.post(
    "/group/:id/caja/movements",
    {
      config: writers,
      schema: {
        summary: "Anota un movimiento (gestor o admin); la misma clave enviada otra vez responde el primero (200) y no anota nada",
        params: cajaParams,
        body: movementBody,
        response: { 200: Movement.describe("Ya anotado con esta clave"), 201: Movement, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { movement, created } = await caja.addMovement(deps, request.authUser!, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(movement);
    },
  );

  app.post(
    "/group/:id/caja/movements/:movementId/reverse",
    {
      config: writers,
      schema: {
        summary: "Corrige un movimiento con otro de signo contrario (gestor o admin); un movimiento se corrige una vez (409)",
        params: movementParams,
        body: reverseBody,
        response: { 200: Movement.describe("Ya corregido con esta clave"), 201: Movement, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { movement, created } = await caja.reverseMovement(deps, request.authUser!, request.params.id, request.params.movementId, request.body);
      return reply.code(created ? 201 : 200).send(movement);
    },
  );

  app.put(
    "/group/:id/caja/rules",
    {
      config: writers,
      schema: {
        summary: "Cambia las normas de la caja: cuota, boleto del bote, multa, premios de la liquidación (gestor o admin)",
        params: cajaParams,
        body: cajaRulesBody,
        response: { 200: CajaRules, ...errorReplies },
      },
    },
    async (request) => caja.updateRules(deps, request.authUser!, request.params.id, request.body),
  );

  app.get(
    "/group/:id/caja/prizes/:movementId",
    {
      config: readers,
      schema: {
        summary: "Reparto de un premio del bote: la parte de cada miembro según lo que aportó y el gravamen especial de cada parte (miembros)",
        params: movementParams,
        response: { 200: PrizeSharing, ...errorReplies },
      },
    },
    async (request) => prizeSharing(deps, request.params.id, request.params.movementId, request.authUser!),
  );

  app.get(
    "/group/:id/caja/stamper",
    {
      config: readers,
      schema: {
        summary: "Quién sella el boleto de la jornada y el turno completo (miembros)",
        params: cajaParams,
        querystring: stamperQuery,
        response: { 200: Stamper, ...errorReplies },
      },
    },
    async (request) => stamper(deps, request.params.id, request.query.quinielaId || undefined),
  );

  app.get(
    "/group/:id/caja/settlement",
    {
      config: readers,
      schema: {
        summary: "Liquidación de la temporada: el reparto del bote a cada miembro, al céntimo (miembros)",
        params: cajaParams,
        querystring: settlementQuery,
        response: { 200: Settlement, ...errorReplies },
      },
    },
    async (request) => settlementPreview(deps, request.params.id, request.query.seasonId || undefined, request.authUser!),
  );

  app.post(
    "/group/:id/caja/settlement",
    {
      config: writers,
      schema: {
        summary: "Confirma la liquidación y paga el reparto (gestor o admin); confirmarla otra vez no paga nada (200)",
        params: cajaParams,
        body: settleBody,
        response: { 200: Settlement.describe("Ya liquidada"), 201: Settlement, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { settlement, created } = await confirmSettlement(deps, request.authUser!, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(settlement);
    },
  );
});
