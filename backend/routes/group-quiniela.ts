import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { id } from "#core/contract/common";
import { blockBody, configureBody, groupAndQuinielaQuery, updateStatusBody } from "#core/contract/group-quiniela";
import { requireManager, requireMember, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import { assertGroupExists } from "../services/groups";
import * as rounds from "../services/rounds";

export default async function groupQuinielaRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["groupQuiniela"];

  app.get("/GroupQuiniela/ByGroup/:groupId", { schema: { tags, summary: "Jornadas del grupo con su estado, por fecha de apertura" } }, async (request) => {
    const { groupId } = parse(z.object({ groupId: id }), request.params);
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return rounds.roundsOfGroup(deps, groupId);
  });

  app.get("/GroupQuiniela/GetByGroupAndQuiniela", { schema: { tags, summary: "Una jornada del grupo con sus bloqueados; 404 si no está configurada" } }, async (request) => {
    requireUser(request);
    const { groupId, quinielaId } = parse(groupAndQuinielaQuery, { ...(request.query as object) });
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return rounds.roundDetail(deps, groupId, quinielaId);
  });

  app.post("/GroupQuiniela/ConfigureGroupQuiniela", { schema: { tags, summary: "Configura (o reconfigura) una jornada del grupo; con version, 409 si otra persona la cambió" } }, async (request, reply) => {
    requireUser(request);
    const body = parse(configureBody, request.body);
    const user = await requireManager(request, deps.db, body.groupId);
    const { round, created } = await rounds.configure(deps, user.id, body);
    return reply.code(created ? 201 : 200).send(round);
  });

  app.post("/GroupQuiniela/UpdateStatus", { schema: { tags, summary: "Cambia fechas y, si se envía, el cierre forzado; no reabre una jornada con resultados; con version, 409 si otra persona la cambió" } }, async (request) => {
    requireUser(request);
    const body = parse(updateStatusBody, request.body);
    const user = await requireManager(request, deps.db, body.groupId);
    return rounds.updateStatus(deps, user.id, body);
  });

  app.post("/GroupQuiniela/BlockUser", { schema: { tags, summary: "Bloquea a un miembro para esta jornada" } }, async (request) => {
    const user = requireUser(request);
    const body = parse(blockBody, request.body);
    await requireManager(request, deps.db, (await rounds.roundOwner(deps.db, body.groupQuinielaId)).groupId);
    return rounds.block(deps, body.groupQuinielaId, body.userId, user.id);
  });

  app.post("/GroupQuiniela/UnblockUser", { schema: { tags, summary: "Desbloquea a un miembro para esta jornada" } }, async (request) => {
    const user = requireUser(request);
    const body = parse(blockBody, request.body);
    await requireManager(request, deps.db, (await rounds.roundOwner(deps.db, body.groupQuinielaId)).groupId);
    return rounds.unblock(deps, body.groupQuinielaId, body.userId, user.id);
  });

  app.get("/GroupQuiniela/:id/BlockedUsers", { schema: { tags, summary: "Usuarios bloqueados en una jornada (miembros o admin)" } }, async (request) => {
    requireUser(request);
    const { id: groupQuinielaId } = parse(z.object({ id }), request.params);
    await requireMember(request, deps.db, (await rounds.roundOwner(deps.db, groupQuinielaId)).groupId);
    return rounds.blockedUsers(deps, groupQuinielaId);
  });
}
