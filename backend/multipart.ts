import type { FastifyRequest } from "fastify";
import { ApiError } from "./errors";

export const TOO_MANY_PARTS = "El formulario trae demasiados campos o archivos (como mucho 20 campos y 2 archivos): envía solo el formulario de la página.";

/** Reads a multipart body into plain fields and at most one file buffer per field name. */
export async function readMultipart(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 20, fieldSize: 20_000 } })) {
      if (part.type === "file") {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) files[part.fieldname] = buffer;
      } else {
        fields[part.fieldname] = String(part.value ?? "");
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new ApiError(413, `La imagen es demasiado grande (máximo ${Math.round(maxBytes / 1024 / 1024)} MB).`);
    // Too many parts is not a big file: the form itself is wrong, and says so (decision 062).
    if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") throw new ApiError(400, TOO_MANY_PARTS);
    throw new ApiError(400, "El formulario enviado no es válido.");
  }
  return { fields, files };
}
