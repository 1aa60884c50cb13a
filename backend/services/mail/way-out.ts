import { MAIL_KIND_NAMES, WAY_OUT_INVALID, WAY_OUT_NOT_MEMBER, type MailKind, type WayOutDone, type WayOutRead } from "#core/contract/way-out";
import { defang } from "#core/domain/defang";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { mailLater } from "./outbox";
import { groupNamesOf } from "./first-mail";
import { addressHash, readWayOutToken, type ReadToken } from "./way-out-token";

/**
 * What the link at the end of every mail does (decision 086), from its page or from the mail
 * client's one-click (RFC 8058): for an account, one kind of mail off (or on again) in its profile;
 * for an address mailed as a member without an account, every mail from the app to it stopped (its
 * keyed hash on the suppression list), or «no soy yo»: the address removed from that member, who
 * keeps its name and history, and the peñas' managers told.
 */

const SWITCH: Record<MailKind, string> = {
  alerts: "send_alert",
  digest: "send_digest",
  manager: "send_manager_mail",
  account: "send_account_mail",
};

/** What an address with no mail left is stored as on a member's row: no address can match it (like an erasure's). */
export const removedAddress = (userId: number) => `sin-correo-${userId}`;

const invalid = () => new ApiError(400, WAY_OUT_INVALID);

function parse(deps: Pick<Deps, "config">, token: string): ReadToken {
  const read = readWayOutToken(deps.config, token);
  if (!read) throw invalid();
  return read;
}

/** The member without an account a token names, only while it still has the address the token was made for. */
async function memberOf(deps: Pick<Deps, "config">, db: Db, read: Extract<ReadToken, { kind: "address" }>, lock = false) {
  if (read.memberId === 0) return null;
  const row = await db.one<{ id: number; email: string }>(`select id, email from users where id = $1 and placeholder${lock ? " for update" : ""}`, [
    read.memberId,
  ]);
  return row && addressHash(deps.config, row.email) === read.hash ? row : null;
}

export async function readWayOut(deps: Deps, token: string): Promise<WayOutRead> {
  const read = parse(deps, token);
  if (read.kind === "account") {
    const row = await deps.db.one<{ on: boolean }>(`select ${SWITCH[read.mail]} as on from users where id = $1 and not placeholder and deleted_at is null`, [
      read.userId,
    ]);
    if (!row) throw invalid();
    return { kind: "account", mail: read.mail, off: !row.on };
  }
  const stopped = Boolean(await deps.db.one("select 1 from mail_suppressions where address_hash = $1", [read.hash]));
  const member = await memberOf(deps, deps.db, read);
  return { kind: "address", stopped, groups: member ? await groupNamesOf(deps.db, member.id) : [] };
}

export async function actOnWayOut(deps: Deps, token: string, action: "stop" | "not-me" | "resume"): Promise<WayOutDone> {
  const read = parse(deps, token);
  if (read.kind === "account") {
    if (action === "not-me") throw new ApiError(400, "Esa opción es para una dirección sin cuenta: desde aquí puedes dejar de recibir este tipo de correo.");
    const on = action === "resume";
    const row = await deps.db.one(`update users set ${SWITCH[read.mail]} = $2 where id = $1 and not placeholder and deleted_at is null returning id`, [
      read.userId,
      on,
    ]);
    if (!row) throw invalid();
    const what = MAIL_KIND_NAMES[read.mail];
    return { message: on ? `Listo: volverás a recibir ${what}.` : `Listo: ya no te enviaremos ${what}. Puedes volver a activarlos en tu perfil.` };
  }
  if (action === "stop") {
    await deps.db.query("insert into mail_suppressions (address_hash, at, reason) values ($1, $2, 'stop') on conflict do nothing", [read.hash, deps.clock()]);
    return {
      message:
        "Listo: no enviaremos ningún correo más a esta dirección, aunque una peña vuelva a apuntarla. Solo guardamos una huella cifrada de la dirección, no la dirección. Si cambias de idea, abre el mismo enlace.",
    };
  }
  if (action === "resume") {
    await deps.db.query("delete from mail_suppressions where address_hash = $1", [read.hash]);
    return { message: "Listo: esta dirección vuelve a poder recibir correos de esta aplicación." };
  }
  return notMe(deps, read);
}

/**
 * «No soy miembro de esta peña: borrad mi dirección». The member keeps its name, its picks and its
 * caja in every peña; the address goes from its row, from its invitations and from what the mail
 * allowances counted, and from the audit entries that copied it. Each peña's audit trail says so,
 * and its managers get a mail (they are accounts that proved their own address).
 */
async function notMe(deps: Deps, read: Extract<ReadToken, { kind: "address" }>): Promise<WayOutDone> {
  const now = deps.clock();
  const done = await deps.db.tx(async (tx) => {
    const member = await memberOf(deps, tx, read, true);
    if (!member) throw new ApiError(409, WAY_OUT_NOT_MEMBER);
    const groups = await tx.query<{ group_id: number; group_name: string; name: string }>(
      `select g.id as group_id, g.name as group_name, coalesce(m.display_name, u.username) as name
         from group_members m join groups g on g.id = m.group_id join users u on u.id = m.user_id
        where m.user_id = $1 and m.removed_at is null order by g.name`,
      [member.id],
    );
    const gone = removedAddress(member.id);
    await tx.query("update users set email = $2 where id = $1", [member.id, gone]);
    await tx.query("update placeholder_invitations set email = $2 where user_id = $1", [member.id, gone]);
    await tx.query("delete from mail_requests where address = lower($1)", [member.email]);
    await tx.query("update audit_log set after = after - 'email' where entity = 'member' and entity_id = $1 and after ? 'email'", [member.id]);
    for (const g of groups) {
      await recordAudit(tx, {
        at: now,
        actorId: null,
        groupId: g.group_id,
        action: "placeholder.address-removed",
        entity: "member",
        entityId: member.id,
        subject: g.name,
        after: { motivo: "Quien recibía sus correos dice que no es miembro de la peña" },
      });
    }
    const managers = await tx.query<{ user_id: number; username: string; email: string; group_id: number }>(
      `select u.id as user_id, u.username, u.email, m.group_id from group_members m join users u on u.id = m.user_id
        where m.group_id = any($1) and m.role_id = 2 and m.removed_at is null and not u.placeholder and u.deleted_at is null`,
      [groups.map((g) => g.group_id)],
    );
    return { groups, managers };
  });
  const site = deps.config.publicUrl.replace(/\/$/, "");
  for (const manager of done.managers) {
    const g = done.groups.find((x) => x.group_id === manager.group_id)!;
    mailLater(deps, async () => ({
      to: manager.email,
      subject: `Quiniela de peñas: hemos borrado el e-mail de ${defang(g.name)} en ${defang(g.group_name)}`,
      text: [
        `Hola, ${manager.username}:`,
        "",
        `Quien recibía los correos en la dirección que tenía la peña ${defang(g.group_name)} para ${defang(g.name)} (un miembro sin cuenta) nos ha dicho que no es miembro de la peña y ha pedido que borremos su dirección. La hemos borrado.`,
        "",
        `${defang(g.name)} sigue en la peña con su nombre, sus pronósticos y sus pagos; solo ya no tiene e-mail, así que no recibirá invitaciones ni avisos. Si conoces su dirección correcta, pídele que se una con el código del grupo.`,
        "",
        `Miembros sin cuenta de la peña: ${site}/grupo/${g.group_id}/sin-cuenta`,
      ].join("\n"),
      wayOut: { userId: manager.user_id, kind: "manager" },
    }));
  }
  const names = done.groups.map((g) => `«${g.group_name}»`);
  return {
    message: `Hecho: hemos borrado tu dirección${names.length ? ` de ${names.length === 1 ? "la peña" : "las peñas"} ${names.join(", ")}` : ""}, y ${
      names.length === 1 ? "su gestor lo sabrá" : "sus gestores lo sabrán"
    }. El miembro sigue en la peña con su nombre, pero sin tu dirección: no te escribiremos por él.`,
  };
}
