import { Form } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import type { ShareLinkView } from "~/server/share.server";

/**
 * Public share links of a group, for its settings page: a read-only page with a preview image of
 * the standings or of one jornada's group bet. The forms post to /grupo/{id}/compartir.
 */
export function ShareLinks({ groupId, links, rounds }: { groupId: number; links: ShareLinkView[]; rounds: { quinielaId: number; numberQuiniela: number }[] }) {
  const action = `/grupo/${groupId}/compartir`;
  return (
    <section className="card stack" aria-labelledby="share-links-title">
      <h2 id="share-links-title">Enlaces públicos</h2>
      <p className="muted">
        Un enlace de solo lectura, sin cuenta, con vista previa al compartirlo: la clasificación o la quiniela grupal de una jornada. Revócalo cuando deje de
        hacer falta.
      </p>
      {links.length ? (
        <ul className="stack">
          {links.map((link) => (
            <li key={link.id} className="kiosk-link">
              <label htmlFor={`share-link-${link.id}`}>
                {link.what}, creado el {formatDateTime(link.createdAt)}
                {link.createdBy ? ` por ${link.createdBy}` : ""}
              </label>
              <div className="row">
                <input id={`share-link-${link.id}`} type="url" readOnly value={link.url} />
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  Abrir<span className="sr-only"> {link.what}</span>
                </a>
                <Form method="post" action={action}>
                  <input type="hidden" name="linkId" value={link.id} />
                  <button type="submit" name="intent" value="share-revoke" className="danger" aria-label={`Revocar el enlace de ${link.what}`}>
                    Revocar
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>No hay enlaces públicos activos.</p>
      )}
      <Form method="post" action={action} className="row">
        <label htmlFor="share-what">Compartir</label>
        <select id="share-what" name="what" defaultValue="standings">
          <option value="standings">Clasificación</option>
          {rounds.map((r) => (
            <option key={r.quinielaId} value={r.quinielaId}>
              Quiniela grupal · jornada {r.numberQuiniela}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="share-create" className="secondary">
          Crear enlace público
        </button>
      </Form>
    </section>
  );
}
