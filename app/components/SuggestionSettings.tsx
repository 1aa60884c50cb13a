import { Form } from "@remix-run/react";

/**
 * Whether the bet page's suggestion may change the majority's signs (decision 097), on the group's
 * settings page. Posts to /grupo/{id}/sugerencias, so the host page's action needs nothing.
 */
export function SuggestionSettings({ groupId, changeSigns }: { groupId: number; changeSigns: boolean | null }) {
  return (
    <section className="card stack" aria-labelledby="suggestion-settings-title">
      <h2 id="suggestion-settings-title">Sugerencias de colocación</h2>
      {changeSigns === null ? (
        <p role="alert" className="form-error">
          Error al cargar el grupo
        </p>
      ) : (
        <Form method="post" action={`/grupo/${groupId}/sugerencias`} className="stack">
          <label className="check">
            <input type="checkbox" name="changeSigns" defaultChecked={changeSigns} aria-describedby="suggestion-change-signs-hint" />
            Las sugerencias pueden cambiar los signos de la mayoría
          </label>
          <p className="muted" id="suggestion-change-signs-hint">
            Sin marcar, «Calcular la mejor colocación» y «Aplicar esta colocación» mantienen en cada partido el signo que eligió la mayoría y solo deciden dónde
            van los dobles y triples. Cada sugerencia dice antes qué signos cambia.
          </p>
          <button type="submit" className="secondary">
            Guardar opción
          </button>
        </Form>
      )}
    </section>
  );
}
