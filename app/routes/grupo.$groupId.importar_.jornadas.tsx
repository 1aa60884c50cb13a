import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "#core/dates";
import { Alert } from "~/components/Field";
import { ImportFileField } from "~/components/ImportFileField";
import { StackedTable } from "~/components/StackedTable";
import { jornadasAction, loadJornadasPage, type JornadasActionData } from "~/server/moving-in/past-jornadas.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038): the upload, its preview and the confirm work without JavaScript.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Jornadas pasadas · ${data?.groupName ?? "Grupo"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadJornadasPage(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return jornadasAction(request, params.groupId);
}

const STATE = { created: "Se crea, solo para esta peña", attached: "Se añade al grupo", unchanged: "Ya la tiene el grupo" } as const;

export default function JornadasImportPage() {
  const { groupId, groupName } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>() as JornadasActionData | undefined;
  const preview = sent?.preview && !sent.preview.fileError ? sent.preview : null;
  return (
    <main className="page stack">
      <h1>Jornadas pasadas</h1>
      <p className="muted">
        <Link to={`/grupo/${groupId}/importar`}>Volver a importar la peña ({groupName})</Link>
      </p>
      <section className="card stack" aria-labelledby="jornadas-plantilla">
        <h2 id="jornadas-plantilla">Plantilla</h2>
        <p>
          Los pronósticos solo entran en jornadas de la peña. Si le falta una jornada ya jugada de la temporada, súbela aquí: una fila por partido, con la
          jornada, la fecha, el partido (1 a 15), el local, el visitante y el resultado oficial (1, X o 2; el pleno como 2 - 1, o M para 3 goles o más). Los
          equipos se escriben como en el catálogo o con uno de sus alias. La columna tipo es opcional (por ejemplo «Dos dobles y un triple»); si falta, la
          jornada toma el tipo de la última jornada del grupo. La columna temporada también es opcional (por ejemplo «2024-25», como en el catálogo); si falta,
          las jornadas van a la temporada del grupo o, en un grupo sin jornadas, a la actual. Las jornadas que se crean así son solo de esta peña: ni las demás
          peñas ni el catálogo las ven.
        </p>
        <p>
          <a href={`/grupo/${groupId}/plantillas/jornadas.csv`} download>
            Jornadas (jornada; fecha; partido; local; visitante; resultado; tipo; temporada)
          </a>
        </p>
      </section>
      <form method="post" encType="multipart/form-data" className="card stack">
        <h2>Subir el archivo de jornadas</h2>
        <ImportFileField error={sent?.error} />
        <p className="muted">Subirlo no guarda nada: primero verás lo que se crearía.</p>
        <button type="submit">Ver la vista previa</button>
      </form>
      {preview ? (
        <section className="card stack" aria-labelledby="vista-previa">
          <h2 id="vista-previa">Vista previa</h2>
          <p>{preview.season?.name}: las jornadas nuevas quedan en el registro con tu nombre.</p>
          <StackedTable columns={["Jornada", "Fecha", "Qué pasa", "Tipo", "Partidos"]}>
            {preview.jornadas.map((j) => (
              <tr key={j.number}>
                <th scope="row">Jornada {j.number}</th>
                <td data-label="Fecha">{formatDate(j.date)}</td>
                <td data-label="Qué pasa">{STATE[j.state]}</td>
                <td data-label="Tipo">{j.type}</td>
                <td data-label="Partidos">{j.matches.join(" · ")}</td>
              </tr>
            ))}
          </StackedTable>
          {preview.errors.length ? (
            <>
              <h3>Líneas rechazadas ({preview.errors.length})</h3>
              <p>Estas jornadas no se crearán. Corrígelas en la hoja y sube el archivo de nuevo.</p>
              <ul className="import-errors">
                {preview.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    Línea {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {preview.draft ? (
            <form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="draft" value={preview.draft} />
              <button type="submit">Crear las jornadas</button>
            </form>
          ) : (
            <Alert>No hay ninguna jornada que crear.</Alert>
          )}
        </section>
      ) : null}
    </main>
  );
}
