import { roleName, type RoleName } from "#core/contract/group";
import type { DashboardScreen, PredictionsScreen } from "#core/contract/screens";
import { chosenRound, predictableRounds } from "#core/domain/rounds/predictable-rounds";
import type { AuthUser, Deps } from "../../context";
import { myPrediction } from "../predictions/prediction";
import { poolById } from "../catalogue/quiniela";
import { roundsOfGroup } from "../rounds/rounds";
import { groupCurrentSeason } from "../catalogue/season";

/**
 * Composite reads: what one screen shows, in one call, from the same services the
 * contract's calls use, so both answer the same. The caller has checked the group and membership.
 */

export async function dashboardScreen(deps: Deps, user: AuthUser, groupId: number): Promise<DashboardScreen> {
  const [group, member, season, rounds] = await Promise.all([
    deps.db.one<{ id: number; name: string; description: string | null }>("select id, name, description from groups where id = $1", [groupId]),
    deps.db.one<{ role_id: number }>("select role_id from group_members where group_id = $1 and user_id = $2 and removed_at is null", [groupId, user.id]),
    groupCurrentSeason(deps.db, groupId, deps.clock()),
    roundsOfGroup(deps, groupId),
  ]);
  const role: RoleName | "Administrador" = member ? roleName(member.role_id) : user.isAdmin ? "Administrador" : "Usuario";
  const inPlay = rounds.filter((r) => r.state !== "closed");
  const predicted = await deps.db.query<{ quiniela_id: number }>(
    "select quiniela_id from predictions where group_id = $1 and user_id = $2 and quiniela_id = any($3::integer[])",
    [groupId, user.id, inPlay.map((r) => r.quinielaId)],
  );
  return {
    group: { id: group!.id, name: group!.name, description: group!.description },
    role,
    isManager: user.isAdmin || role === "Gestor",
    season,
    rounds: inPlay,
    predicted: predicted.map((p) => p.quiniela_id),
  };
}

export async function predictionsScreen(deps: Deps, user: AuthUser, groupId: number, asked: number | undefined): Promise<PredictionsScreen> {
  const rounds = await roundsOfGroup(deps, groupId);
  const available = predictableRounds(rounds);
  const chosen = chosenRound(rounds, asked);
  if (!chosen) return { available, round: null, matches: [] };
  const [round, pool] = await Promise.all([myPrediction(deps, user, groupId, chosen.quinielaId), poolById(deps.db, chosen.quinielaId)]);
  const matches = [...pool.matches].sort((a, b) => a.position - b.position).map((m) => ({ position: m.position, home: m.home, away: m.away }));
  return { available, round, matches };
}
