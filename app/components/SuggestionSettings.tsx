import { Form } from "@remix-run/react";

/**
 * Whether the bet page's suggestion may change the majority's signs (decision 097), on the group's
 * settings page: what holds now in a line, the form folded under «Cambiar la opción» like the week's
 * rule (decision 069), so the page stays within a phone's reach. Posts to /grupo/{id}/sugerencias,
 * so the host page's action needs nothing.
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
        <>
          <p>
            {changeSigns
              ? "Pueden cambiar los signos de la mayoría; cada sugerencia dice antes cuáles cambia."
              : "Mantienen el signo que eligió la mayoría en cada partido: solo deciden dónde van los dobles y triples."}
          </p>
          <details>
            <summary>Cambiar la opción</summary>
            <Form method="post" action={`/grupo/${groupId}/sugerencias`} className="stack">
              <label className="check">
                <input type="checkbox" name="changeSigns" defaultChecked={changeSigns} />
                Las sugerencias pueden cambiar los signos de la mayoría
              </label>
              <button type="submit" className="secondary">
                Guardar sugerencias
              </button>
            </Form>
          </details>
        </>
      )}
    </section>
  );
}
