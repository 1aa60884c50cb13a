import {
  BlockedUserList,
  blockBody,
  BlockResult,
  configureBody,
  groupAndQuinielaQuery,
  groupParams,
  GroupRoundDetail,
  GroupRoundList,
  roundParams,
  updateStatusBody,
} from "#core/contract/rounds";
import { requireUser } from "../context";
import { groupGuard, groupIn, roundIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import * as rounds from "../services/rounds/rounds";
import { resource } from "./resource";
import { afterRoundChange } from "../services/close/close-job";

export default resource("rounds", (app, deps) => {
  app.get(
    "/GroupQuiniela/ByGroup/:groupId",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("groupId")) },
      schema: {
        summary: "Jornadas del grupo con su estado, por fecha de apertura",
        params: groupParams,
        response: { 200: GroupRoundList, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId } = request.params;
      await assertGroupExists(deps.db, groupId);
      return rounds.roundsOfGroup(deps, groupId);
    },
  );

  app.get(
    "/GroupQuiniela/GetByGroupAndQuiniela",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Una jornada del grupo con sus bloqueados; 404 si no está configurada",
        querystring: groupAndQuinielaQuery,
        response: { 200: GroupRoundDetail, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const { groupId, quinielaId } = request.query;
      await assertGroupExists(deps.db, groupId);
      return rounds.roundDetail(deps, groupId, quinielaId);
    },
  );

  app.post(
    "/GroupQuiniela/ConfigureGroupQuiniela",
    {
      config: { guard: groupGuard("group-manager", "body", groupIn("groupId")) },
      schema: {
        summary: "Configura (o reconfigura) una jornada del grupo; con version, 409 si otra persona la cambió",
        body: configureBody,
        response: { 200: GroupRoundDetail.describe("Reconfigurada"), 201: GroupRoundDetail.describe("Configurada por primera vez"), ...errorReplies },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = requireUser(request);
      const { round, created } = await rounds.configure(deps, user.id, body);
      await afterRoundChange(deps, { groupId: body.groupId });
      return reply.code(created ? 201 : 200).send(round);
    },
  );

  app.post(
    "/GroupQuiniela/UpdateStatus",
    {
      config: { guard: groupGuard("group-manager", "body", groupIn("groupId")) },
      schema: {
        summary: "Cambia fechas y, si se envía, el cierre forzado; no reabre una jornada con resultados; con version, 409 si otra persona la cambió",
        body: updateStatusBody,
        response: { 200: GroupRoundDetail, ...errorReplies },
      },
    },
    async (request) => {
      const body = request.body;
      const user = requireUser(request);
      const round = await rounds.updateStatus(deps, user.id, body);
      // A forced close, or a close date moved into the past, closes the round now.
      await afterRoundChange(deps, { groupId: body.groupId });
      return round;
    },
  );

  // Blocking a member for a round and unblocking them: one call, either way.
  for (const [path, summary, setBlocked] of [
    ["/GroupQuiniela/BlockUser", "Bloquea a un miembro para esta jornada", rounds.block],
    ["/GroupQuiniela/UnblockUser", "Desbloquea a un miembro para esta jornada", rounds.unblock],
  ] as const) {
    app.post(
      path,
      {
        config: { guard: groupGuard("group-manager", "body", roundIn("groupQuinielaId")) },
        schema: { summary, body: blockBody, response: { 200: BlockResult, ...errorReplies } },
      },
      async (request) => {
        const user = requireUser(request);
        const body = request.body;
        await rounds.roundOwner(deps.db, body.groupQuinielaId); // 404 for an unknown round
        return setBlocked(deps, body.groupQuinielaId, body.userId, user.id);
      },
    );
  }

  app.get(
    "/GroupQuiniela/:id/BlockedUsers",
    {
      config: { guard: groupGuard("group-member", "params", roundIn("id")) },
      schema: {
        summary: "Usuarios bloqueados en una jornada (miembros o admin)",
        params: roundParams,
        response: { 200: BlockedUserList, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const groupQuinielaId = request.params.id;
      await rounds.roundOwner(deps.db, groupQuinielaId); // 404 for an unknown round
      return rounds.blockedUsers(deps, groupQuinielaId);
    },
  );
});
