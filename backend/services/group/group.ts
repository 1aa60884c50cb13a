import {
  GROUP_NOT_FOUND,
  LAST_MANAGER_MESSAGE,
  ROLE_GESTOR,
  ROLE_USUARIO,
  roleName,
  type GroupDetail,
  type GroupMember,
  type GroupSummary,
  type JoinedGroup,
  type MyGroup,
} from "#core/contract/group";
import { avatarPath } from "../../avatar-path";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { newInviteCode } from "../../security";
import { recordAudit } from "../shelf/audit";
import { assertRowVersion } from "../shelf/versions";
import { refreshTouched } from "../shelf/standings-store";

export const NOT_A_MEMBER = "Ese usuario no pertenece al grupo.";

interface GroupRow {
  id: number;
  name: string;
  description: string;
  invite_code: string;
  created_at: Date;
  member_count: number;
}

const MEMBER_COUNT = "(select count(*)::int from group_members c where c.group_id = g.id and c.removed_at is null)";

const summary = (row: GroupRow): GroupSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  inviteCode: row.invite_code,
  createdAt: new Date(row.created_at).toISOString(),
  memberCount: row.member_count,
});

export async function myGroups({ db }: Deps, userId: number): Promise<MyGroup[]> {
  const rows = await db.query<GroupRow & { role_id: number }>(
    `select g.id, g.name, g.description, g.invite_code, g.created_at, m.role_id, ${MEMBER_COUNT} as member_count
       from group_members m join groups g on g.id = m.group_id
      where m.user_id = $1 and m.removed_at is null
      order by lower(g.name), g.id`,
    [userId],
  );
  return rows.map((row) => ({ ...summary(row), roleId: row.role_id, role: roleName(row.role_id) }));
}

export async function allGroups({ db }: Deps): Promise<GroupSummary[]> {
  const rows = await db.query<GroupRow>(
    `select g.id, g.name, g.description, g.invite_code, g.created_at, ${MEMBER_COUNT} as member_count
       from groups g order by lower(g.name), g.id`,
  );
  return rows.map(summary);
}

/** The caller manages the group (role Gestor) or is an admin. */
export async function managesGroup(db: Db, caller: AuthUser, groupId: number): Promise<boolean> {
  if (caller.isAdmin) return true;
  return !!(await db.one("select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null", [groupId, caller.id]));
}

export async function assertGroupExists(db: Db, groupId: number) {
  if (!(await db.one("select 1 from groups where id = $1", [groupId]))) throw notFound(GROUP_NOT_FOUND);
}

/**
 * Who asks for a group's members: a player sees the others' names, not their e-mail addresses (their
 * own stays); the group's managers (to invite and remind) and an admin see every address (decision 084).
 */
export type MembersViewer = { id: number; isAdmin: boolean };

export async function members({ db }: Deps, groupId: number, viewer: MembersViewer): Promise<GroupMember[]> {
  const rows = await db.query<{ user_id: number; email: string; username: string; avatar_version: number | null; role_id: number }>(
    `select u.id as user_id, shown_email(u) as email, coalesce(m.display_name, u.username) as username, u.avatar_version, m.role_id
       from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and m.removed_at is null
      order by m.role_id desc, lower(coalesce(m.display_name, u.username))`,
    [groupId],
  );
  const seesAddresses = viewer.isAdmin || rows.some((r) => r.user_id === viewer.id && r.role_id === ROLE_GESTOR);
  return rows.map((r) => ({
    id: r.user_id,
    userId: r.user_id,
    email: seesAddresses || r.user_id === viewer.id ? r.email : "",
    username: r.username,
    avatarPath: avatarPath(r.user_id, r.avatar_version),
    roleId: r.role_id,
    role: roleName(r.role_id),
  }));
}

/**
 * sendAlert is the caller's own reminder preference (the API contract, docs/architecture.md#the-contract, puts it on the group
 * the client loads; the backend keeps it per user).
 */
export async function groupDetail(deps: Deps, groupId: number, viewer: MembersViewer): Promise<GroupDetail> {
  const row = await deps.db.one<GroupRow & { send_alert: boolean | null; office_icons: boolean; suggestions_change_signs: boolean; version: number }>(
    `select g.id, g.name, g.description, g.invite_code, g.created_at, 0 as member_count, g.office_icons, g.suggestions_change_signs, g.version,
            (select send_alert from users where id = $2) as send_alert
       from groups g where g.id = $1`,
    [groupId, viewer.id],
  );
  if (!row) throw notFound(GROUP_NOT_FOUND);
  const { memberCount: _count, ...group } = summary(row);
  return {
    ...group,
    sendAlert: Boolean(row.send_alert),
    officeIcons: row.office_icons,
    suggestionsChangeSigns: row.suggestions_change_signs,
    version: row.version,
    members: await members(deps, groupId, viewer),
  };
}

/** 'Iconos y premios de oficina': whether the group's standings and kiosk show the four icons. */
export async function officeIconsOf(db: Db, groupId: number): Promise<boolean> {
  const row = await db.one<{ office_icons: boolean }>("select office_icons from groups where id = $1", [groupId]);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row.office_icons;
}

export async function updateSettings({ db }: Deps, groupId: number, input: { officeIcons: boolean }) {
  const row = await db.one("update groups set office_icons = $2 where id = $1 returning id", [groupId, input.officeIcons]);
  if (!row) throw notFound(GROUP_NOT_FOUND);
}

/**
 * Whether the bet page's suggestions may change the majority's signs (decision 097), with an audit
 * row of the change, as every setting of the group has.
 */
export async function updateSuggestionSettings(deps: Deps, actor: { id: number; username: string }, groupId: number, input: { changeSigns: boolean }) {
  return deps.db.tx(async (tx) => {
    const current = await tx.one<{ suggestions_change_signs: boolean }>("select suggestions_change_signs from groups where id = $1 for update", [groupId]);
    if (!current) throw notFound(GROUP_NOT_FOUND);
    if (current.suggestions_change_signs === input.changeSigns) return { changeSigns: input.changeSigns };
    await tx.query("update groups set suggestions_change_signs = $2 where id = $1", [groupId, input.changeSigns]);
    const said = (on: boolean) => (on ? "pueden cambiar los signos de la mayoría" : "solo colocan dobles y triples");
    await recordAudit(tx, {
      at: deps.clock(),
      actorId: actor.id,
      actorName: actor.username,
      groupId,
      action: "group.suggestions",
      entity: "group",
      entityId: groupId,
      subject: "Sugerencias de colocación",
      before: { sugerencias: said(current.suggestions_change_signs) },
      after: { sugerencias: said(input.changeSigns) },
    });
    return { changeSigns: input.changeSigns };
  });
}

/** A non-admin creator manages the new group; an admin creates it for others (docs/decisions). */
export async function createGroup(deps: Deps, creator: AuthUser, input: { name: string; description: string }) {
  return deps.db.tx(async (tx) => {
    let row: { id: number } | undefined;
    // Ten characters from 32 symbols rarely collide; a clash just draws another code.
    for (let attempt = 0; !row && attempt < 5; attempt++) {
      row = await tx.one<{ id: number }>(
        "insert into groups (name, description, invite_code, created_at) values ($1, $2, $3, $4) on conflict (invite_code) do nothing returning id",
        [input.name, input.description, newInviteCode(), deps.clock()],
      );
    }
    if (!row) throw conflict("No se pudo generar un código de invitación. Inténtalo de nuevo.");
    if (!creator.isAdmin) {
      await tx.query("insert into group_members (group_id, user_id, role_id, joined_at) values ($1, $2, $3, $4)", [
        row.id,
        creator.id,
        ROLE_GESTOR,
        deps.clock(),
      ]);
    }
    return groupDetail({ ...deps, db: tx }, row.id, creator);
  });
}

export async function updateGroup(deps: Deps, actorId: number, groupId: number, input: { name: string; description: string; version?: number }) {
  await deps.db.tx(async (tx) => {
    const current = await tx.one<{ name: string; description: string; version: number }>(
      "select name, description, version from groups where id = $1 for update",
      [groupId],
    );
    if (!current) throw notFound(GROUP_NOT_FOUND);
    assertRowVersion(current.version, input.version, "El grupo");
    await tx.query("update groups set name = $2, description = $3, version = version + 1 where id = $1", [groupId, input.name, input.description]);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId,
      action: "group.edit",
      entity: "group",
      entityId: groupId,
      subject: input.name,
      before: { name: current.name, description: current.description },
      after: { name: input.name, description: input.description },
    });
  });
}

/**
 * Codes compare case-insensitively (the backend lower-cases incoming paths). Joining again is
 * harmless: a member keeps their role; a removed member comes back as Usuario.
 */
export async function joinByCode(deps: Deps, userId: number, code: string): Promise<JoinedGroup> {
  const group = await deps.db.one<{ id: number; name: string }>("select id, name from groups where upper(invite_code) = upper($1)", [code]);
  if (!group) throw notFound("No existe ningún grupo con ese código.");
  const before = await deps.db.one<{ removed_at: Date | null }>("select removed_at from group_members where group_id = $1 and user_id = $2", [
    group.id,
    userId,
  ]);
  await deps.db.tx(async (tx) => {
    await tx.query(
      `insert into group_members (group_id, user_id, role_id, joined_at) values ($1, $2, $3, $4)
       on conflict (group_id, user_id) do update
          set role_id = case when group_members.removed_at is null then group_members.role_id else excluded.role_id end,
              joined_at = case when group_members.removed_at is null then group_members.joined_at else excluded.joined_at end,
              removed_at = null`,
      [group.id, userId, ROLE_USUARIO, deps.clock()],
    );
    await refreshTouched(tx, deps.clock());
  });
  return { id: group.id, name: group.name, alreadyMember: Boolean(before && before.removed_at === null) };
}

/** Locks the group's row so two managers demoting each other cannot leave it without one. */
async function lockedMember(tx: Db, groupId: number, userId: number) {
  const group = await tx.one("select id from groups where id = $1 for update", [groupId]);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const member = await tx.one<{ role_id: number }>("select role_id from group_members where group_id = $1 and user_id = $2 and removed_at is null", [
    groupId,
    userId,
  ]);
  if (!member) throw notFound(NOT_A_MEMBER);
  return member;
}

async function assertAnotherManager(tx: Db, groupId: number, userId: number) {
  const other = await tx.one("select 1 from group_members where group_id = $1 and user_id <> $2 and role_id = $3 and removed_at is null limit 1", [
    groupId,
    userId,
    ROLE_GESTOR,
  ]);
  if (!other) throw conflict(LAST_MANAGER_MESSAGE);
}

/** The member's name in this peña (decision 080). */
const memberName = async (tx: Db, groupId: number, userId: number) =>
  (await tx.one<{ name: string }>("select member_name($1, $2) as name", [groupId, userId]))?.name ?? "";

export async function changeRole(deps: Deps, actorId: number, groupId: number, userId: number, roleId: number) {
  await deps.db.tx(async (tx) => {
    const member = await lockedMember(tx, groupId, userId);
    if (member.role_id === roleId) return;
    if (member.role_id === ROLE_GESTOR) await assertAnotherManager(tx, groupId, userId);
    await tx.query("update group_members set role_id = $3 where group_id = $1 and user_id = $2", [groupId, userId, roleId]);
    const username = await memberName(tx, groupId, userId);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId,
      action: "group.role",
      entity: "member",
      entityId: userId,
      subject: username,
      before: { username, role: roleName(member.role_id) },
      after: { username, role: roleName(roleId) },
    });
  });
  return { groupId, userId, roleId, role: roleName(roleId) };
}

/** Soft removal: the row and the member's predictions stay, so past standings still show them. */
export async function removeMember(deps: Deps, actorId: number, groupId: number, userId: number) {
  await deps.db.tx(async (tx) => {
    const member = await lockedMember(tx, groupId, userId);
    if (member.role_id === ROLE_GESTOR) await assertAnotherManager(tx, groupId, userId);
    await tx.query("update group_members set removed_at = $3 where group_id = $1 and user_id = $2", [groupId, userId, deps.clock()]);
    const username = await memberName(tx, groupId, userId);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId,
      action: "group.remove-member",
      entity: "member",
      entityId: userId,
      subject: username,
      before: { username, role: roleName(member.role_id) },
      after: null,
    });
    await refreshTouched(tx, deps.clock());
  });
}
