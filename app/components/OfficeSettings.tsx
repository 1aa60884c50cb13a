import { Form } from "@remix-run/react";

/**
 * 'Iconos y premios de oficina' on the group's settings page (icons and office
 * prizes are the IT office's custom, decision 008). Posts to /grupo/{id}/oficina, so the host page's action needs nothing.
 */
export function OfficeSettings({ groupId, officeIcons }: { groupId: number; officeIcons: boolean | null }) {
  return (
    <section className="card stack" aria-labelledby="office-settings-title">
      <h2 id="office-settings-title">Oficina</h2>
      {officeIcons === null ? (
        <p role="alert" className="form-error">
          Error al cargar el grupo
        </p>
      ) : (
        <Form method="post" action={`/grupo/${groupId}/oficina`} className="stack">
          <label className="check">
            <input type="checkbox" name="officeIcons" defaultChecked={officeIcons} aria-describedby="office-icons-hint" />
            Iconos y premios de oficina
          </label>
          <p className="muted" id="office-icons-hint">
            Muestra los cuatro iconos (burro, piña, bola y rinoceronte) en la clasificación y en la pantalla de la oficina. Los premios y castigos de fin de
            temporada de la oficina van con ellos.
          </p>
          <button type="submit" className="secondary">
            Guardar opción
          </button>
        </Form>
      )}
    </section>
  );
}
