import { Form } from "@remix-run/react";
import type { ReceiptStatus, TicketReceipt } from "#core/contract/receipt";
import { RECEIPT_MAX_BYTES, RECEIPT_THUMB_SIDE } from "#core/contract/receipt";
import { RECEIPT_DONE, RECEIPT_MISSING, firstMatchLine, receiptLine } from "#core/domain/bet/receipt";

/** Where the web serves a photo of the group's resguardo (app/routes/grupo.$groupId.resguardo.$file.tsx). */
const src = (groupId: number, file: string) => `/grupo/${groupId}/resguardo/${file}`;

/** The thumbnail's size, from the stored photo's: fitted in its square, never enlarged. */
function thumbSize(r: Pick<TicketReceipt, "width" | "height">, side = RECEIPT_THUMB_SIDE) {
  const scale = Math.min(1, side / Math.max(r.width, r.height));
  return { width: Math.max(1, Math.round(r.width * scale)), height: Math.max(1, Math.round(r.height * scale)) };
}

/** «Boleto sellado ✓» or «Falta el resguardo»: what every member reads first (decision 090). */
export function ReceiptState({ status }: { status: Pick<ReceiptStatus, "receipts"> }) {
  return status.receipts.length ? <strong className="receipt-done">{RECEIPT_DONE}</strong> : <strong className="receipt-missing">{RECEIPT_MISSING}</strong>;
}

/** The photos, each a thumbnail that opens the full-size one, with its line (time, before or after the start) and who added it. */
export function ReceiptPhotos({
  groupId,
  status,
  side,
  actions,
}: {
  groupId: number;
  status: ReceiptStatus;
  side?: number;
  actions?: (receipt: TicketReceipt) => React.ReactNode;
}) {
  if (!status.receipts.length) return null;
  return (
    <ul className="receipt-photos">
      {status.receipts.map((r) => (
        <li key={r.id}>
          <figure>
            <a href={src(groupId, r.file)}>
              <img src={src(groupId, r.thumbnail)} {...thumbSize(r, side)} alt={`Resguardo del boleto de la jornada ${status.numberQuiniela ?? ""}`.trim()} />
              <span className="sr-only"> (ver la foto a tamaño completo)</span>
            </a>
            <figcaption>
              <time dateTime={r.uploadedAt}>{receiptLine(r)}</time>
              {r.uploadedBy ? <span className="muted"> · {r.uploadedBy}</span> : null}
              {r.replacesId ? <span className="muted"> · añadida en lugar de la anterior</span> : null}
            </figcaption>
          </figure>
          {actions?.(r)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The resguardo's card on the group bet page: the photos, and for the week's stamper or a manager a
 * plain multipart form whose file field opens a phone's camera (works with JavaScript off). Before
 * the first match a photo can be removed or replaced; from then on a new one is added beside it.
 */
export function ReceiptCard({ groupId, status, message }: { groupId: number; status: ReceiptStatus; message: string | null }) {
  const last = status.receipts.at(-1);
  const beside = status.started && last ? last.id : null;
  const errorId = "receipt-error";
  // A member with nothing to add and nothing to see yet reads one line: the bet stays short on a phone (decision 074).
  if (!status.canUpload && !status.receipts.length)
    return (
      <p id="resguardo" className="receipt-line">
        Resguardo del boleto: <ReceiptState status={status} />
      </p>
    );
  return (
    <section id="resguardo" aria-labelledby="receipt-title" className="card receipt">
      <h3 id="receipt-title">Resguardo del boleto</h3>
      <p>
        <ReceiptState status={status} />
        {!status.receipts.length && status.stamper ? <span className="muted"> · lo sube quien sella: {status.stamper}</span> : null}
      </p>
      {firstMatchLine(status) ? <p className="muted">{firstMatchLine(status)}</p> : null}
      <ReceiptPhotos
        groupId={groupId}
        status={status}
        side={status.canUpload ? undefined : 160}
        actions={(r) =>
          r.canRemove ? (
            <div className="row receipt-actions">
              <Form method="post">
                <input type="hidden" name="quinielaId" value={status.quinielaId ?? ""} />
                <input type="hidden" name="receiptId" value={r.id} />
                <button type="submit" name="intent" value="receipt-remove" className="secondary">
                  Quitar la foto
                </button>
              </Form>
              <Form method="post" encType="multipart/form-data" className="row">
                <input type="hidden" name="quinielaId" value={status.quinielaId ?? ""} />
                <input type="hidden" name="replacesId" value={r.id} />
                <label className="field">
                  Otra foto en su lugar
                  <input type="file" name="photo" accept="image/*" capture="environment" required />
                </label>
                <button type="submit" name="intent" value="receipt" className="secondary">
                  Sustituir la foto
                </button>
              </Form>
            </div>
          ) : null
        }
      />
      {message ? (
        <p className="form-error" role="alert" id={errorId}>
          {message}
        </p>
      ) : null}
      {status.canUpload ? (
        <Form method="post" encType="multipart/form-data" className="stack receipt-upload">
          <input type="hidden" name="quinielaId" value={status.quinielaId ?? ""} />
          {beside ? <input type="hidden" name="replacesId" value={beside} /> : null}
          <label className="field">
            {status.receipts.length ? (beside ? "Otra foto, junto a la anterior" : "Otra foto del boleto sellado") : "Foto del boleto sellado"}
            <input
              type="file"
              name="photo"
              accept="image/*"
              capture="environment"
              required
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${errorId} receipt-hint` : "receipt-hint"}
            />
          </label>
          <p className="muted" id="receipt-hint">
            Una foto JPEG, PNG, WebP o AVIF de hasta {RECEIPT_MAX_BYTES / 1024 / 1024} MB. Se guarda sin la ubicación, el móvil ni la hora que lleve dentro;
            solo la ven los miembros de la peña.
          </p>
          <button type="submit" name="intent" value="receipt">
            Subir el resguardo
          </button>
        </Form>
      ) : null}
    </section>
  );
}
