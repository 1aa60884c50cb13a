import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadAuditPage } from "~/server/group/audit.server";
import { roundSettingsAction, roundSettingsLoader } from "~/server/rounds/round-settings.server";
import { AuditTrail } from "~/components/AuditTrail";
import { Alert } from "~/components/Field";
import { KioskLinks } from "~/components/KioskLinks";
import { OfficeSettings } from "~/components/OfficeSettings";
import { RoundSettings } from "~/components/RoundSettings";
import { loadKioskLinks } from "~/server/kiosk/kiosk.server";
import { loadShareLinks } from "~/server/share/share.server";
import { ShareLinks } from "~/components/ShareLinks";
import { loadOfficeSettings } from "~/server/group/office-settings.server";
import { SuggestionSettings } from "~/components/SuggestionSettings";
import { loadSuggestionSettings } from "~/server/group/suggestion-settings.server";
import { WeekRule } from "~/components/WeekRule";
import { loadWeekRule, weekRuleAction } from "~/server/week/rule.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038).
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Ajustes del grupo · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { group } = await requireManagerOf(request, params.groupId);
  const settings = await roundSettingsLoader(request, group);
  const [kioskLinks, share, office, suggestions, audit, weekRule] = await Promise.all([
    loadKioskLinks(request, settings.group.id),
    loadShareLinks(request, settings.group.id),
    loadOfficeSettings(request, settings.group.id),
    loadSuggestionSettings(request, settings.group.id),
    loadAuditPage(request, `/Audit/ByGroup/${settings.group.id}`),
    loadWeekRule(request, settings.group.id),
  ]);
  return {
    ...settings,
    kioskLinks,
    share,
    officeIcons: office?.officeIcons ?? null,
    changeSigns: suggestions?.suggestionsChangeSigns ?? null,
    audit,
    weekRule,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { group } = await requireManagerOf(request, params.groupId);
  const formData = await request.formData();
  // The week's rule is the week room's form: the week sits above the rounds, so the page joins them here.
  if (formData.get("intent") === "week-rule") return weekRuleAction(request, group.id, formData);
  return roundSettingsAction(request, group, formData);
}

export default function GroupSettings() {
  const { group, kioskLinks, share, officeIcons, changeSigns, audit, weekRule, types } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RoundSettings title="Ajustes del grupo" list={false}>
      <WeekRule
        groupId={group.id}
        rule={weekRule}
        types={types}
        lastResult={actionData?.intent === "week-rule" ? (actionData.lastResult ?? undefined) : undefined}
      />
      <OfficeSettings groupId={group.id} officeIcons={officeIcons} />
      <SuggestionSettings groupId={group.id} changeSigns={changeSigns} />
      <KioskLinks groupId={group.id} links={kioskLinks} />
      <ShareLinks groupId={group.id} links={share.links} rounds={share.rounds} />
      <section className="card stack" aria-labelledby="plantillas">
        <h2 id="plantillas">Plantillas</h2>
        <p>
          ¿La peña viene de una hoja de cálculo? Descarga las plantillas rellenas con los miembros y las jornadas, e importa pronósticos y movimientos:{" "}
          <a href={`/grupo/${group.id}/importar`}>Importar la peña</a>.
        </p>
      </section>
      <section className="card stack" aria-labelledby="exportar">
        <h2 id="exportar">Exportar la peña</h2>
        <p>
          Todo el grupo en un archivo .zip de CSV: miembros, pronósticos y resultados de cada jornada, clasificación, quinielas grupales, movimientos de la caja
          y liquidación. Miembros, pronósticos y movimientos van en los formatos del importador.
        </p>
        <p>
          <a href={`/grupo/${group.id}/exportar.zip`} download>
            Exportar la peña
          </a>
        </p>
      </section>
      {audit ? <AuditTrail {...audit} folded /> : <Alert>No se pudo cargar el registro de cambios.</Alert>}
    </RoundSettings>
  );
}
