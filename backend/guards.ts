import type { FastifyRequest } from "fastify";
import { camelKeys, id } from "#core/contract/common";
import type { AuthUser, Deps } from "./context";
import type { Db } from "./db/db";
import { forbidden, notFound } from "./errors";
import { betOwner } from "./services/bet/bet";
import { GROUP_NOT_FOUND } from "#core/contract/group";
import { linkGroup } from "./services/kiosk/kiosk";
import { ownPhrase } from "./services/account/phrases";
import { shareLinkGroup } from "./services/share/share";
import { roundOwner } from "./services/rounds/rounds";

/**
 * Who may call an operation, declared on the route (`config: { guard }`) and run by a hook of
 * backend/app.ts before the body is validated (docs/decisions/028): a caller who may not call it
 * learns nothing about what it expects. The OpenAPI document names it as `x-guard`.
 *
 * - admin: an admin.
 * - group-member / group-manager: a member (any role) / a manager of the group, or an admin.
 * - group-player: a current member of the group; an admin who is not one is refused too.
 * - phrase-owner: the user whose phrase it is.
 *
 * Every operation that is not public needs a session whatever its guard (401 first).
 */
export type GuardKind = "admin" | "group-member" | "group-manager" | "group-player" | "phrase-owner";

/** Where the protected thing is named. Path and query are read on arrival; a body once parsed, before it is validated. */
export type GuardPart = "params" | "query" | "body";

export interface Guard {
  kind: GuardKind;
  from?: GuardPart;
  check(user: AuthUser, input: Record<string, unknown>, deps: Deps): Promise<void> | void;
  /**
   * For a guard that reads the body: what can be decided on arrival, before the body is read. A
   * caller whom no body could let through (a manager's call from someone who manages no group) is
   * refused here, so a body too large, of the wrong type or malformed tells them nothing either.
   */
  onArrival?(user: AuthUser, deps: Deps): Promise<void> | void;
}

declare module "fastify" {
  interface FastifyContextConfig {
    guard?: Guard;
  }
}

export const MANAGER_ONLY = "Solo el gestor del grupo puede hacer esto.";
export const MEMBERS_ONLY = "No perteneces a este grupo.";
export const ADMIN_ONLY = "Solo un administrador puede hacer esto.";

/** The id a request part gives under `field`, or null when it gives none that could be an id. */
function idIn(input: Record<string, unknown>, field: string): number | null {
  const parsed = id.safeParse(input[field]);
  return parsed.success ? parsed.data : null;
}

/** How a request names its group: directly, or through a thing of that group (a round, a bet, a kiosk link). */
export type GroupLocator = (input: Record<string, unknown>, deps: Deps) => Promise<number | null>;

export const groupIn =
  (field: string): GroupLocator =>
  async (input) =>
    idIn(input, field);

export const roundIn =
  (field: string): GroupLocator =>
  async (input, deps) => {
    const roundId = idIn(input, field);
    return roundId === null ? null : (await roundOwner(deps.db, roundId)).groupId;
  };

export const betIn =
  (field: string): GroupLocator =>
  async (input, deps) => {
    const betId = idIn(input, field);
    return betId === null ? null : (await betOwner(deps.db, betId)).groupId;
  };

export const kioskLinkIn =
  (field: string): GroupLocator =>
  async (input, deps) => {
    const linkId = idIn(input, field);
    return linkId === null ? null : linkGroup(deps, linkId);
  };

export const shareLinkIn =
  (field: string): GroupLocator =>
  async (input, deps) => {
    const linkId = idIn(input, field);
    return linkId === null ? null : shareLinkGroup(deps, linkId);
  };

/** The caller's current role in the group (1 player, 2 manager), null if not a member; 404 if there is no such group. */
async function roleIn(db: Db, groupId: number, userId: number): Promise<number | null> {
  const row = await db.one<{ role_id: number | null }>(
    `select (select m.role_id from group_members m where m.group_id = g.id and m.user_id = $2 and m.removed_at is null) as role_id
       from groups g where g.id = $1`,
    [groupId, userId],
  );
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row.role_id;
}

export const adminOnly: Guard = {
  kind: "admin",
  check: (user) => {
    if (!user.isAdmin) throw forbidden(ADMIN_ONLY);
  },
};

/** Whether the caller is a current member (a manager, with `managers`) of any group at all. */
async function hasAnyRole(db: Db, userId: number, managers: boolean): Promise<boolean> {
  const row = await db.one(`select 1 from group_members where user_id = $1 and removed_at is null${managers ? " and role_id = 2" : ""} limit 1`, [userId]);
  return Boolean(row);
}

/**
 * The group's managers (or members, or players) only. When the request names its group, the
 * caller's role there decides. When it names none (an empty or malformed body, an id that is not
 * one), only a caller who holds that role in some group goes on to be told what is wrong with it
 * (400): they may make this call for their own group, so its shape is no secret to them. Anyone
 * else is refused (403) without a word about the input.
 */
export function groupGuard(kind: "group-member" | "group-manager" | "group-player", from: GuardPart, locate: GroupLocator): Guard {
  const refusal = kind === "group-manager" ? MANAGER_ONLY : MEMBERS_ONLY;
  // Whatever the body names, the caller passes only with the role in some group (or as an admin).
  const onArrival = async (user: AuthUser, deps: Deps) => {
    if (user.isAdmin && kind !== "group-player") return;
    if (!(await hasAnyRole(deps.db, user.id, kind === "group-manager"))) throw forbidden(refusal);
  };
  return {
    kind,
    from,
    ...(from === "body" && { onArrival }),
    check: async (user, input, deps) => {
      if (user.isAdmin && kind !== "group-player") return;
      const groupId = await locate(input, deps);
      if (groupId === null) {
        if (await hasAnyRole(deps.db, user.id, kind === "group-manager")) return;
        throw forbidden(refusal);
      }
      const role = await roleIn(deps.db, groupId, user.id);
      if (role === null || (kind === "group-manager" && role !== 2)) throw forbidden(refusal);
    },
  };
}

/** A phrase's own user only (an admin reads them, but changes none). */
export const phraseOwner: Guard = {
  kind: "phrase-owner",
  from: "params",
  check: async (user, input, deps) => {
    // Anyone signed in has phrases of their own: an id that is not one is just a 400.
    const phraseId = idIn(input, "id");
    if (phraseId !== null) await ownPhrase(deps, user, phraseId);
  },
};

/** A request part as a guard reads it: keys in camelCase, anything but an object as an empty one. */
export function guardInput(request: FastifyRequest, part: GuardPart): Record<string, unknown> {
  const value = part === "params" ? request.params : camelKeys(part === "query" ? { ...(request.query as object) } : request.body);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
