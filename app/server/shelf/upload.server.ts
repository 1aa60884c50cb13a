import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const TOO_LARGE = "La imagen es demasiado grande (máximo 5 MB).";

/**
 * Reads a multipart form without ever failing half-way: a file over `fileMaxBytes` (an avatar's
 * 5 MB unless told) is drained and reported, so the other fields still come back to the form.
 */
export async function readMultipartForm(request: Request, fileMaxBytes = AVATAR_MAX_BYTES): Promise<{ formData: FormData; tooLarge: boolean }> {
  let tooLarge = false;
  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const limit = filename ? fileMaxBytes : 20_000;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (size > limit) {
      if (filename) tooLarge = true;
      return undefined;
    }
    if (!filename) return new TextDecoder().decode(Buffer.concat(chunks));
    if (size === 0) return undefined;
    return new File(chunks as BlobPart[], filename, { type: contentType });
  };
  try {
    return { formData: await unstable_parseMultipartFormData(request, handler), tooLarge };
  } catch {
    // Not multipart at all (a JSON body, a plain form): read what can be read.
    const formData = await request.formData().catch(() => new FormData());
    return { formData, tooLarge };
  }
}
