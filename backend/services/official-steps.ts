import type { StepsDone } from "#core/contract/jornadas";
import { utcToMadridLocal } from "#core/dates";
import type { Deps } from "../context";
import { claimRun, registerRetry } from "./automation-steps";
import { importNextDraws, retryJornada } from "./jornada-next";
import { searchForward } from "./lottery";
import { refreshPrizes } from "./official-prizes";

// How the panel's 'reintentar' tries each kind of lottery step again (decision 046).
registerRetry("proximas", (deps) => importNextDraws(deps));
registerRetry("importada", (deps, step) => (step.drawKey ? retryJornada(deps, step.drawKey) : importNextDraws(deps)));
registerRetry("premios", (deps) => refreshPrizes(deps));
registerRetry("resultados", async (deps) => {
  const messages: string[] = [];
  const done = await searchForward(deps, (line) => {
    if (line.status === "ok" || line.status === "error") messages.push(line.mensaje);
  });
  return { ok: !done.failed, messages };
});

/** Every three hours (Madrid): the slot's key; one instance runs each slot. */
export const slotKey = (now: Date) => {
  const local = utcToMadridLocal(now);
  return `proximas:${local.slice(0, 11)}${String(Math.floor(Number(local.slice(11, 13)) / 3) * 3).padStart(2, "0")}`;
};

/**
 * The official jornada's automatic steps, once per slot across instances: the next jornadas imported
 * and the prizes of the last draws refreshed. null when another instance (or an earlier tick) had the slot.
 */
export async function runOfficialSteps(deps: Deps): Promise<StepsDone | null> {
  if (!(await claimRun(deps.db, slotKey(deps.clock()), deps.clock()))) return null;
  const imported = await importNextDraws(deps);
  const prizes = await refreshPrizes(deps);
  return { ok: imported.ok && prizes.ok, messages: [...imported.messages, ...prizes.messages] };
}
