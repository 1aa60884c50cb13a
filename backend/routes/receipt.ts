import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  RECEIPT_MAX_BYTES,
  RECEIPT_MESSAGES,
  ReceiptStatus,
  receiptFileParams,
  receiptGroupParams,
  receiptParams,
  receiptQuery,
  receiptUpload,
} from "#core/contract/receipt";
import { requireUser } from "../context";
import { ApiError } from "../errors";
import { groupGuard, groupIn } from "../guards";
import { readMultipart } from "../multipart";
import { errorReplies, noContent } from "../schema";
import * as receipts from "../services/bet/receipt";
import { resource } from "./resource";

/**
 * El resguardo (decision 090). Every call is for the peña's own members only (`group-player`: an
 * admin who is not a member is refused too), decided on arrival, before a byte of an upload is read.
 */
export default resource("receipt", (app, deps) => {
  const members = { guard: groupGuard("group-player", "params", groupIn("id")) };
  const uploads = new WeakMap<FastifyRequest, Record<string, Buffer>>();
  const readUpload = async (request: FastifyRequest) => {
    const { fields, files } = await readMultipart(request, RECEIPT_MAX_BYTES).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 413 ? new ApiError(413, RECEIPT_MESSAGES.tooLarge) : error;
    });
    request.body = fields;
    uploads.set(request, files);
  };

  app.get(
    "/group/:id/receipts",
    {
      config: members,
      schema: {
        summary: "El resguardo de una jornada: las fotos del boleto sellado, quién y cuándo (miembros del grupo)",
        params: receiptGroupParams,
        querystring: receiptQuery,
        response: { 200: ReceiptStatus, ...errorReplies },
      },
    },
    async (request) => receipts.receiptStatus(deps, requireUser(request), request.params.id, request.query.quinielaId),
  );

  app.post(
    "/group/:id/receipts",
    {
      config: members,
      preValidation: readUpload,
      schema: {
        summary: "Sube una foto del boleto sellado (multipart: quinielaId, replacesId?, photo): quien sella esta semana o un gestor",
        consumes: ["multipart/form-data"],
        params: receiptGroupParams,
        body: receiptUpload,
        response: { 201: ReceiptStatus, ...errorReplies, 413: errorReplies[400].describe("Foto demasiado grande") },
      },
    },
    async (request, reply) => {
      const { quinielaId, replacesId } = request.body;
      const status = await receipts.addReceipt(deps, requireUser(request), request.params.id, {
        quinielaId,
        replacesId: replacesId || null,
        photo: uploads.get(request)?.photo,
      });
      return reply.code(201).send(status);
    },
  );

  app.delete(
    "/group/:id/receipts/:receiptId",
    {
      config: members,
      schema: {
        summary: "Quita una foto del resguardo: quien la subió o un gestor, antes del primer partido",
        params: receiptParams,
        response: { 204: noContent, ...errorReplies },
      },
    },
    async (request, reply) => {
      await receipts.removeReceipt(deps, requireUser(request), request.params.id, request.params.receiptId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/group/:id/receipts/:file",
    {
      config: members,
      schema: {
        summary: "La foto del resguardo (12.jpg) o su miniatura (12-mini.jpg), solo para los miembros del grupo",
        params: receiptFileParams,
        produces: ["image/jpeg"],
        response: { 200: z.unknown().describe("La imagen JPEG, sin metadatos"), ...errorReplies },
      },
    },
    async (request, reply) => {
      const image = await receipts.receiptImage(deps, request.params.id, request.params.file);
      // Private to the member's browser: no shared cache keeps it, no crawler indexes it, nothing sniffs it as another type.
      return reply
        .header("content-type", "image/jpeg")
        .header("cache-control", "private, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .header("x-robots-tag", "noindex, nofollow, noimageindex")
        .header("content-disposition", "inline")
        .send(image);
    },
  );
});
