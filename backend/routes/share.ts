import {
  createShareBody,
  RevokedShareLink,
  SharedView,
  shareGroupParams,
  ShareImage,
  shareImagePath,
  ShareLink,
  ShareLinkList,
  shareLinkParams,
  shareTokenPath,
} from "#core/contract/share";
import { requireManager } from "../context";
import { groupGuard, groupIn, shareLinkIn } from "../guards";
import { errorReplies } from "../schema";
import * as share from "../services/share/share";
import { shareImagePng } from "../services/share/share-image";
import { resource } from "./resource";

/** Public, read-only share links with a preview image (decision 033). */
export default resource("share", (app, deps) => {
  app.post(
    "/group/:id/share",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
        summary: "Crea un enlace público (solo lectura) de la clasificación o de la quiniela grupal de una jornada",
        params: shareGroupParams,
        body: createShareBody,
        response: { 201: ShareLink, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireManager(request, deps.db, request.params.id);
      return reply.code(201).send(await share.createShareLink(deps, request.params.id, user.id, request.body));
    },
  );

  app.get(
    "/group/:id/share",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: { summary: "Enlaces públicos activos del grupo", params: shareGroupParams, response: { 200: ShareLinkList, ...errorReplies } },
    },
    async (request) => share.listShareLinks(deps, request.params.id),
  );

  app.post(
    "/share/:id/revoke",
    {
      config: { guard: groupGuard("group-manager", "params", shareLinkIn("id")) },
      schema: { summary: "Revoca un enlace público", params: shareLinkParams, response: { 200: RevokedShareLink, ...errorReplies } },
    },
    async (request) => {
      return share.revokeShareLink(deps, request.params.id);
    },
  );

  app.get(
    "/share/:token",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        summary: "Lo que muestra un enlace público (sin cuenta)",
        security: [],
        params: shareTokenPath,
        response: { 200: SharedView, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request) => share.sharedView(deps, request.params.token),
  );

  app.get(
    "/share/:token/image/:version",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        summary: "La imagen de vista previa (PNG 1200 × 630) de un enlace público, por versión",
        security: [],
        params: shareImagePath,
        produces: ["image/png"],
        response: { 200: ShareImage, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request, reply) => {
      const view = await share.sharedView(deps, request.params.token);
      const current = request.params.version.replace(/\.png$/i, "").toLowerCase() === view.version;
      // The address carries the version: that one never changes. An old version gets today's image, not kept.
      return reply
        .header("content-type", "image/png")
        .header("etag", `"${view.version}"`)
        .header("cache-control", current ? "public, max-age=31536000, immutable" : "no-cache")
        .send(await shareImagePng(view));
    },
  );
});
