import { Form } from "@remix-run/react";
import type { ShareLinkView } from "~/server/share/share.server";
import { RevocableLink } from "./RevocableLink";

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
            <RevocableLink key={link.id} link={link} label={`${link.what}, creado el`} what={link.what} action={action} intent="share-revoke" />
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
