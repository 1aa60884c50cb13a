import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatEuros } from "#core/domain/money";
import { Alert } from "~/components/Field";
import { ImportFileField } from "~/components/ImportFileField";
import { StackedTable } from "~/components/StackedTable";
import { importAction, loadImportPage, TEMPLATE_FILES, type ImportActionData } from "~/server/moving-in/import.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038): the upload, its preview and the confirm work without JavaScript.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Importar la peña · ${data?.groupName ?? "Grupo"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadImportPage(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return importAction(request, params.groupId);
}

const TEMPLATE_LABELS: Record<string, string> = {
  "miembros.csv": "Miembros (nombre; e-mail): los que no tienen cuenta se añaden y se unen a ella al registrarse con ese e-mail",
  "pronosticos.csv": "Pronósticos (jornada; jugador; 14 signos; pleno como 2 - 1, M para 3 goles o más)",
  "movimientos.csv": "Movimientos (fecha; miembro; importe; tipo; referencia)",
};

export default function ImportPage() {
  const { groupId, groupName } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>() as ImportActionData | undefined;
  const preview = sent?.preview ?? null;
  return (
    <main className="page stack">
      <h1>Importar la peña</h1>
      <p className="muted">
        <Link to={`/grupo/${groupId}/ajustes`}>Volver a los ajustes de {groupName}</Link>
      </p>
      <section className="card stack" aria-labelledby="plantillas">
        <h2 id="plantillas">Plantillas</h2>
        <p>
          Rellena una plantilla en tu hoja de cálculo y súbela como libro de Excel (.xlsx) o como CSV (Excel con punto y coma, o Google Sheets con comas).
          Dobles y triples como 1X, X2 o 1X2.
        </p>
        <p>
          ¿Faltan en el catálogo jornadas ya jugadas? <Link to={`/grupo/${groupId}/importar/jornadas`}>Súbelas desde un archivo de jornadas</Link>.
        </p>
        <ul>
          {TEMPLATE_FILES.map((f) => (
            <li key={f}>
              <a href={`/grupo/${groupId}/plantillas/${f}`} download>
                {TEMPLATE_LABELS[f]}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="card stack" aria-labelledby="exportar">
        <h2 id="exportar">Exportar la peña</h2>
        <p>
          Todo en un archivo .zip de CSV: miembros, pronósticos y movimientos en estos mismos formatos, las jornadas con su tipo en el de jornadas pasadas, y
          además resultados, clasificación, quinielas grupales, la caja entera y la liquidación. Importado en un grupo vacío (primero las jornadas) da la misma
          clasificación y los mismos saldos.
        </p>
        <p>
          <a href={`/grupo/${groupId}/exportar.zip`} download>
            Exportar la peña
          </a>
        </p>
      </section>
      <form method="post" encType="multipart/form-data" className="card stack">
        <h2>Subir un archivo</h2>
        <fieldset>
          <legend>Qué contiene</legend>
          <label>
            <input type="radio" name="kind" value="members" defaultChecked={sent?.kind === "members"} /> Miembros
          </label>
          <label>
            <input type="radio" name="kind" value="picks" defaultChecked={!sent || sent.kind === "picks"} /> Pronósticos
          </label>
          <label>
            <input type="radio" name="kind" value="movements" defaultChecked={sent?.kind === "movements"} /> Movimientos de la caja
          </label>
        </fieldset>
        <ImportFileField error={sent?.error} />
        <p className="muted">Subirlo no guarda nada: primero verás lo que se importaría.</p>
        <button type="submit">Ver la vista previa</button>
      </form>
      {preview && !preview.fileError ? <Preview preview={preview} /> : null}
    </main>
  );
}

function Preview({ preview }: { preview: NonNullable<ImportActionData["preview"]> }) {
  const nothing = {
    members: preview.members.created.length + preview.members.matched.length === 0,
    picks: preview.rounds.length === 0,
    movements: preview.movements.created + preview.movements.unchanged + preview.movements.corrected.length === 0,
  }[preview.kind];
  return (
    <section className="card stack" aria-labelledby="vista-previa">
      <h2 id="vista-previa">Vista previa</h2>
      {preview.kind === "members" ? (
        <>
          <p>
            Nuevos sin cuenta ({preview.members.created.length}): {preview.members.created.join(", ") || "ninguno"}. Cuando se registren con su e-mail, serán
            ellos, con sus pronósticos.
          </p>
          <p>
            Ya son miembros ({preview.members.matched.length}): {preview.members.matched.join(", ") || "ninguno"}.
          </p>
        </>
      ) : preview.kind === "picks" ? (
        <>
          <p>Pronósticos por jornada ({preview.season?.name}).</p>
          <StackedTable columns={["Jornada", "Nuevos", "Cambian", "Ya estaban"]}>
            {preview.rounds.map((r) => (
              <tr key={r.number}>
                <th scope="row">Jornada {r.number}</th>
                <td data-label="Nuevos">{r.created}</td>
                <td data-label="Cambian">{r.changed}</td>
                <td data-label="Ya estaban">{r.unchanged}</td>
              </tr>
            ))}
          </StackedTable>
        </>
      ) : (
        <>
          <p>
            {preview.movements.created} movimientos nuevos por {formatEuros(preview.movements.totalCents)}; {preview.movements.unchanged} ya estaban anotados.
          </p>
          {preview.movements.corrected.length ? (
            <>
              <h3>Corregidos ({preview.movements.corrected.length})</h3>
              <p>Estas líneas cambian el importe de un movimiento de una importación anterior: se anula el viejo y se anota el nuevo.</p>
              <StackedTable columns={["Línea", "Miembro", "Antes", "Ahora"]}>
                {preview.movements.corrected.map((c) => (
                  <tr key={c.line}>
                    <th scope="row">Línea {c.line}</th>
                    <td data-label="Miembro">{c.member}</td>
                    <td data-label="Antes" className="amount">
                      {formatEuros(c.beforeCents)}
                    </td>
                    <td data-label="Ahora" className="amount">
                      corregido: {formatEuros(c.afterCents)}
                    </td>
                  </tr>
                ))}
              </StackedTable>
            </>
          ) : null}
          <StackedTable columns={["Miembro", "Saldo ahora", "Saldo después"]}>
            {preview.balances.map((b) => (
              <tr key={b.member}>
                <th scope="row">{b.member}</th>
                <td data-label="Saldo ahora" className="amount">
                  {formatEuros(b.beforeCents)}
                </td>
                <td data-label="Saldo después" className="amount">
                  {formatEuros(b.afterCents)}
                </td>
              </tr>
            ))}
          </StackedTable>
        </>
      )}
      {preview.errors.length ? (
        <>
          <h3>Líneas rechazadas ({preview.errors.length})</h3>
          <p>Estas líneas no se importarán. Corrígelas en la hoja y sube el archivo de nuevo.</p>
          <ul className="import-errors">
            {preview.errors.map((e) => (
              <li key={e.line}>
                Línea {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {nothing ? (
        <Alert>No hay ninguna línea que importar.</Alert>
      ) : (
        <form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="kind" value={preview.kind} />
          <input type="hidden" name="draft" value={preview.draft ?? ""} />
          <button type="submit">Confirmar la importación</button>
        </form>
      )}
    </section>
  );
}
