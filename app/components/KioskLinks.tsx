import { Form } from "@remix-run/react";
import type { KioskLinkView } from "~/server/kiosk/kiosk.server";
import { RevocableLink } from "./RevocableLink";

/**
 * Kiosk links of a group, for its settings page: the manager makes a read-only link for the
 * office TV and can revoke it. The forms post to /grupo/{id}/kiosk, so the host page's own action
 * needs nothing.
 */
export function KioskLinks({ groupId, links }: { groupId: number; links: KioskLinkView[] }) {
  const action = `/grupo/${groupId}/kiosk`;
  return (
    <section className="card kiosk-links" aria-labelledby="kiosk-links-title">
      <h2 id="kiosk-links-title">Pantalla de la oficina</h2>
      <p className="muted">
        Un enlace de solo lectura con la clasificación actual de todo el grupo, el resumen de la última jornada y la quiniela grupal, en letra grande para la
        tele, que se actualiza solo cada minuto. Quien lo tenga puede verlo sin cuenta; revócalo cuando deje de hacer falta.
      </p>
      {links.length ? (
        <ul className="stack">
          {links.map((link) => (
            <RevocableLink key={link.id} link={link} label="Enlace creado el" what="la pantalla" action={action} intent="kiosk-revoke" />
          ))}
        </ul>
      ) : (
        <p>No hay enlaces de pantalla activos.</p>
      )}
      {links.length ? (
        <p>
          Durante la jornada, la pantalla puede mostrar el directo (marcadores provisionales, aciertos y columnas vivas, cada 30 segundos):{" "}
          <a href={`${links[0].url}?modo=directo`}>abrir el modo directo</a>.
        </p>
      ) : null}
      <Form method="post" action={action}>
        <button type="submit" name="intent" value="kiosk-create" className="secondary">
          Crear enlace de pantalla
        </button>
      </Form>
    </section>
  );
}
