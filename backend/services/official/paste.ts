import { PASTE_CLOSE_REQUIRED, type PastePreview } from "#core/contract/jornadas";
import { utcToMadridLocal } from "#core/dates";
import { parsePastedJornada } from "#core/domain/official/official-jornada";
import { resolveTeamNames } from "#core/domain/official/team-names";
import type { Deps } from "../../context";
import { badRequest } from "../../errors";
import { keepJornada } from "./jornada-to-pool";
import { loadTeamIndex } from "../catalogue/team";

/** The admin's paste: read, shown resolved, and on confirm kept like an imported jornada. */
export async function pasteJornada(deps: Deps, body: { text: string; closingDate?: Date | null; confirm?: boolean }): Promise<PastePreview> {
  const read = parsePastedJornada(body.text);
  if (!read.ok) throw badRequest(read.message);
  const j = read.value;
  // The 15 lines carry no date: the admin gives the official close. A JSON answer's first kick-off stands in for it.
  const closesAt = body.closingDate ?? j.firstKickOff;
  if (!closesAt) throw badRequest(PASTE_CLOSE_REQUIRED);
  if (closesAt.getTime() <= deps.clock().getTime()) throw badRequest("El cierre ya ha pasado: indica el cierre oficial de la jornada que está abierta.");
  const key = j.drawId ?? `pegado-${utcToMadridLocal(closesAt).slice(0, 10)}`;
  const resolution = resolveTeamNames(j.matches, await loadTeamIndex(deps.db));
  const jornada = {
    drawKey: key,
    drawDate: j.drawDate,
    jornada: j.jornada,
    temporada: j.temporada,
    opensAt: null,
    closesAt: closesAt.toISOString(),
    matches: j.matches.map((m, i) => ({
      home: m.home,
      away: m.away,
      homeTeam: resolution.matches[i].homeTeamId === null ? null : resolution.matches[i].home,
      awayTeam: resolution.matches[i].awayTeamId === null ? null : resolution.matches[i].away,
    })),
    unknown: resolution.unknown,
    // The preview only names the unknown; the jornada's card offers the close clubs once it is kept.
    choices: [],
    source: "paste" as const,
  };
  if (!body.confirm) return { jornada, created: null, message: null };
  const kept = await keepJornada(deps, {
    key,
    source: "paste",
    drawDate: j.drawDate,
    numero: j.numero,
    jornada: j.jornada,
    temporada: j.temporada,
    opensAt: null,
    closesAt,
    matches: j.matches,
  });
  return { jornada, created: kept.view, message: kept.message };
}
