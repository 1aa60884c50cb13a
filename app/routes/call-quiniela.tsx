import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { lastDraw, logLine, SEARCH_FAILED, SEARCH_FINISHED, UNKNOWN_ERROR, type LogLine, type LookupResult } from "#core/contract/lottery";
import { formatDate } from "#core/dates";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { Alert, Field } from "~/components/Field";
import { lookupSchema } from "~/forms/lottery";
import { lookupDraw } from "~/server/official/lottery.server";
import { requireAdmin } from "~/server/shelf/session.server";
import { MachinePanel, PasteForm } from "~/components/JornadasPanel";
import { loadPanel, machineAction, pasteAction } from "~/server/official/jornadas.server";

export const meta: MetaFunction = () => [{ title: "Consultar Resultados Loterías · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [last, panel] = await Promise.all([loadOrNull(() => api.read(request, "/Loteria/quiniela/ultima", lastDraw)), loadPanel(request)]);
  return { lastDrawDate: last?.drawDate ?? null, lastFailed: last === null, panel };
}

/**
 * 'Consultar': one date's draw, shown on this page. The lookup is a query whose repeat is harmless
 * (storing the same draw again changes nothing), so the page answers it directly instead of redirecting.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "pegar" || intent === "confirmar-pegado") return pasteAction(request, formData, intent === "confirmar-pegado");
  if (["importar", "reintentar", "crear-equipos", "aceptar", "aceptar-premios"].includes(intent)) return machineAction(request, intent, formData);
  const submission = parseWithZod(formData, { schema: lookupSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), lookup: null, error: null }, { status: 400 });
  const lookup = await attempt(() => lookupDraw(request, submission.value.fecha));
  if (lookup.ok) return { lastResult: submission.reply(), lookup: lookup.value, error: null };
  return data({ lastResult: submission.reply(), lookup: null, error: `✗ ${lookup.message("") || UNKNOWN_ERROR}` }, { status: 502 });
}

type SearchLog = { lines: LogLine[]; end: { ok: boolean; message: string } | null };

export default function CallQuiniela() {
  const { lastDrawDate, lastFailed, panel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchLog, setSearchLog] = useState<SearchLog | null>(null);
  const [searching, setSearching] = useState(false);
  const busy = searching || navigation.state !== "idle";
  const [form, fields] = useForm({
    id: "lottery-lookup",
    lastResult: actionData && "lastResult" in actionData ? actionData.lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lookupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // With JavaScript the progress lines arrive on this page; without it the form opens the streamed page.
  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    setSearching(true);
    setSearchLog({ lines: [], end: null });
    const end = (ok: boolean, message: string) => setSearchLog((log) => ({ lines: log?.lines ?? [], end: { ok, message } }));
    try {
      const response = await fetch(target.action, { method: "POST", body: new FormData(target), headers: { accept: "application/x-ndjson" } });
      if (response.redirected) return window.location.assign(response.url);
      if (!response.ok || !response.body) return end(false, SEARCH_FAILED);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      let finished = false;
      for (;;) {
        const { done, value } = await reader.read();
        buffer += value ?? "";
        const parts = buffer.split("\n");
        buffer = done ? "" : (parts.pop() ?? "");
        for (const text of parts.filter((p) => p.trim())) {
          const item = JSON.parse(text) as unknown;
          const line = logLine.safeParse(item);
          if (line.success) setSearchLog((log) => ({ lines: [...(log?.lines ?? []), line.data], end: null }));
          else if (item && typeof item === "object" && "ok" in item) {
            finished = true;
            const ending = item as { ok: boolean; message?: string };
            end(ending.ok, ending.ok ? SEARCH_FINISHED : `✗ ${ending.message || SEARCH_FAILED}`);
          }
        }
        if (done) break;
      }
      if (!finished) end(false, SEARCH_FAILED);
    } catch {
      end(false, SEARCH_FAILED);
    } finally {
      setSearching(false);
      revalidator.revalidate();
    }
  }

  return (
    <main className="page lottery">
      <h1>Consultar Resultados Loterías</h1>
      <p className="muted">
        {lastFailed
          ? "No se pudo leer el último sorteo guardado."
          : lastDrawDate
            ? `Último sorteo guardado: ${formatDate(lastDrawDate)}. La búsqueda automática empieza el día siguiente.`
            : "Todavía no hay sorteos guardados: la búsqueda automática empieza en la primera quiniela sin resultados de la temporada actual."}
      </p>
      <div className="card stack">
        <Form method="post" className="stack" {...getFormProps(form)}>
          <Field field={fields.fecha} label="Fecha sorteo" hint="Formato yyyyMMdd.">
            <input {...getInputProps(fields.fecha, { type: "text" })} placeholder="20250924" inputMode="numeric" autoComplete="off" maxLength={8} />
          </Field>
          <button type="submit" disabled={busy}>
            {busy ? "Buscando..." : "Consultar"}
          </button>
        </Form>
        <form method="post" action="/call-quiniela/buscar" onSubmit={search}>
          <button type="submit" className="secondary" disabled={busy}>
            {busy ? "Buscando..." : "Buscar automática"}
          </button>
        </form>
      </div>
      {actionData && "lookup" in actionData ? (
        <>
          <Alert>{actionData.error}</Alert>
          {actionData.lookup ? <LookupView lookup={actionData.lookup} /> : null}
        </>
      ) : null}
      {searchLog ? <SearchLogView log={searchLog} /> : null}
      <MachinePanel panel={panel} />
      <PasteForm
        lastResult={actionData && "paste" in actionData ? actionData.paste : undefined}
        preview={actionData && "paste" in actionData ? actionData.preview : null}
      />
    </main>
  );
}

const prettyJson = (raw: string) => {
  try {
    return JSON.stringify(JSON.parse(raw), null, 1);
  } catch {
    return raw;
  }
};

function LookupView({ lookup }: { lookup: LookupResult }) {
  const { draw } = lookup;
  return (
    <section className="card stack" aria-labelledby="lookup-title">
      <h2 id="lookup-title">Sorteo del {formatDate(lookup.fecha)}</h2>
      <p className={lookup.status === "ok" ? "notice" : "muted"} role="status">
        {lookup.status === "ok" ? "✓ " : ""}
        {lookup.mensaje}
      </p>
      <p>{lookup.stored ? `Guardado en ${lookup.stored.name} (${lookup.stored.seasonName}).` : "No se ha guardado en ninguna quiniela."}</p>
      {draw ? (
        <table className="lottery-draw">
          <caption>{draw.jornada ? `Jornada ${draw.jornada} de La Quiniela` : "La Quiniela"}</caption>
          <thead>
            <tr>
              <th scope="col">Nº</th>
              <th scope="col">Partido</th>
              <th scope="col">Signo</th>
              <th scope="col">Marcador</th>
            </tr>
          </thead>
          <tbody>
            {draw.matches.map((m) => (
              <tr key={m.position}>
                <td>{m.position === 15 ? "P15" : m.position}</td>
                <td>
                  {m.home} – {m.away}
                </td>
                <td>{m.position === 15 ? (draw.pleno ? `${draw.pleno.home}-${draw.pleno.away}` : "-") : (m.sign ?? "-")}</td>
                <td>{m.score ?? "-"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>Respuesta de Loterías (JSON)</summary>
        <pre className="lottery-raw" tabIndex={0}>
          {prettyJson(lookup.raw)}
        </pre>
      </details>
    </section>
  );
}

function SearchLogView({ log }: { log: SearchLog }) {
  return (
    <section className="card stack" aria-labelledby="search-title">
      <h2 id="search-title">Búsqueda automática</h2>
      <ol className="lottery-log" aria-live="polite">
        {log.lines.map((line, i) => (
          <li key={`${line.fecha}-${i}`} className={`lottery-line ${line.status === "ok" ? "ok" : "not-ok"}`}>
            <span className="lottery-date">{line.fecha ? formatDate(line.fecha) : ""}</span>{" "}
            <span className="lottery-status">{line.status === "ok" ? "✓ ok" : `✗ ${line.status}`}</span> <span>{line.mensaje}</span>
          </li>
        ))}
      </ol>
      {log.end ? (
        <p className={log.end.ok ? "notice" : "form-error"} role="status">
          {log.end.message}
        </p>
      ) : null}
    </section>
  );
}
