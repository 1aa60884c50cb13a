import type { FastifyRequest } from "fastify";
import {
  GroupExport,
  ImportPreview,
  ImportResult,
  ImportTemplate,
  importConfirmBody,
  importParams,
  importPreviewBody,
  importTemplateQuery,
} from "#core/contract/import";
import { JornadasPreview, JornadasResult, importJornadasConfirmBody, importJornadasPreviewBody } from "#core/contract/import-jornadas";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "#core/domain/moving-in/import-file";
import { requireManager } from "../context";
import { ApiError, badRequest } from "../errors";
import { groupGuard, groupIn } from "../guards";
import { readMultipart } from "../multipart";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import { exportGroup } from "../services/moving-in/export";
import { confirmImport, importTemplate, previewImport } from "../services/moving-in/picks-and-movements";
import { confirmJornadas, previewJornadas } from "../services/moving-in/past-jornadas";
import { resource } from "./resource";

/**
 * Moving a peña in. Only a manager may import, decided before the body is read
 * (decision 028): the file is read only once the caller is known to manage the group.
 */
export default resource("import", (app, deps) => {
  // The group's managers only, decided on arrival (backend/guards.ts); `managers` then tells a missing group (404).
  const config = { guard: groupGuard("group-manager", "params", groupIn("id")) };
  const files = new WeakMap<FastifyRequest, Buffer>();
  /** The uploaded file's bytes, or the Spanish message when the form came without one. */
  const uploaded = (request: FastifyRequest): Buffer => {
    const bytes = files.get(request);
    if (!bytes) throw badRequest("Elige el archivo que quieres importar.");
    return bytes;
  };
  const managers = async (request: FastifyRequest) => {
    const parsed = importParams.safeParse({ id: (request.params as { id?: unknown }).id });
    if (!parsed.success) return;
    await assertGroupExists(deps.db, parsed.data.id);
    await requireManager(request, deps.db, parsed.data.id);
  };
  const readUpload = async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw badRequest("Sube el archivo como un formulario multipart (campo «archivo»).");
    try {
      const { fields, files: parts } = await readMultipart(request, IMPORT_MAX_BYTES);
      request.body = fields;
      if (parts.archivo) files.set(request, parts.archivo);
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) throw new ApiError(413, IMPORT_MESSAGES.tooLarge);
      throw error;
    }
  };

  app.post(
    "/group/:id/import/preview",
    {
      config,
      preValidation: [managers, readUpload],
      schema: {
        summary: "Vista previa de una importación (gestor o admin): lo que se crearía o cambiaría y cada línea rechazada; no escribe nada más que el borrador",
        consumes: ["multipart/form-data"],
        params: importParams,
        body: importPreviewBody,
        response: { 200: ImportPreview, ...errorReplies },
      },
    },
    async (request) => previewImport(deps, request.authUser!, request.params.id, request.body.kind, request.body.seasonId ?? null, uploaded(request)),
  );

  app.post(
    "/group/:id/import/confirm",
    {
      config,
      preValidation: managers,
      schema: {
        summary: "Confirma una importación ya previsualizada, en una transacción; la misma otra vez no cambia nada (gestor o admin)",
        params: importParams,
        body: importConfirmBody,
        response: { 200: ImportResult, ...errorReplies },
      },
    },
    async (request) => confirmImport(deps, request.authUser!, request.params.id, request.body.draft),
  );

  // Past jornadas the catalogue lacks, from the peña's jornadas file (decision 059).
  app.post(
    "/group/:id/import/jornadas/preview",
    {
      config,
      preValidation: [managers, readUpload],
      schema: {
        summary:
          "Vista previa de un archivo de jornadas pasadas (gestor o admin): las que se crearían en el catálogo o se añadirían al grupo, y cada línea rechazada",
        consumes: ["multipart/form-data"],
        params: importParams,
        body: importJornadasPreviewBody,
        response: { 200: JornadasPreview, ...errorReplies },
      },
    },
    async (request) => previewJornadas(deps, request.authUser!, request.params.id, uploaded(request)),
  );

  app.post(
    "/group/:id/import/jornadas/confirm",
    {
      config,
      preValidation: managers,
      schema: {
        summary: "Confirma las jornadas pasadas ya previsualizadas, en una transacción y en el registro; la misma otra vez no cambia nada (gestor o admin)",
        params: importParams,
        body: importJornadasConfirmBody,
        response: { 200: JornadasResult, ...errorReplies },
      },
    },
    async (request) => confirmJornadas(deps, request.authUser!, request.params.id, request.body.draft),
  );

  app.get(
    "/group/:id/import/template",
    {
      config,
      preValidation: managers,
      schema: {
        summary: "Una plantilla del importador rellena con los miembros y las jornadas de la temporada (gestor o admin)",
        params: importParams,
        querystring: importTemplateQuery,
        response: { 200: ImportTemplate, ...errorReplies },
      },
    },
    async (request) => ({ rows: await importTemplate(deps.db, request.params.id, request.query.kind) }),
  );

  app.get(
    "/group/:id/export",
    {
      config,
      preValidation: managers,
      schema: {
        summary:
          "Exportar la peña: miembros, pronósticos, resultados, clasificación, quinielas grupales, movimientos, caja y liquidación de la temporada; en los formatos del importador donde lo hay (gestor o admin)",
        params: importParams,
        response: { 200: GroupExport, ...errorReplies },
      },
    },
    async (request) => ({ files: await exportGroup(deps, request.params.id) }),
  );
});
