import type { Placeholder, PlaceholderInvite } from "#core/contract/placeholders";
import type { Deps } from "../../context";
import { defang } from "#core/domain/defang";
import { ApiError, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { ADDRESS_STOPPED, admitMail, deliver, groupSpent, isSuppressed, proveFirst, refused, requireProvedSender } from "../mail/policy";
import { addressHash } from "../mail/way-out-token";
import { groupNamesOf, whyWeWrite } from "../mail/first-mail";
import { claimLink, INVITATION_LINK_MS } from "./claim";

/**
 * Members imported without an account (decision 058): the group's list of them, and
 * the one invitation by e-mail the manager sends each, with the group's code and a sign-up link.
 * Signing up with that e-mail turns the placeholder into the real account (decision 052).
 */

const iso = (value: Date | string) => new Date(value).toISOString();

/** The address of a member without an account, or "" once its holder had it removed («no soy yo», decision 086). */
export const shownAddress = (email: string) => (email.includes("@") ? email : "");

/** The group's current members who have no account yet, with when each was invited and whether their address takes mail. */
export async function listPlaceholders({ db, config }: Pick<Deps, "db" | "config">, groupId: number): Promise<Placeholder[]> {
  const rows = await db.query<{ user_id: number; username: string; email: string; sent_at: Date | string | null }>(
    `select u.id as user_id, coalesce(m.display_name, u.username) as username, u.email, i.sent_at
       from group_members m join users u on u.id = m.user_id
       left join placeholder_invitations i on i.group_id = m.group_id and i.user_id = u.id
      where m.group_id = $1 and m.removed_at is null and u.placeholder
      order by lower(coalesce(m.display_name, u.username))`,
    [groupId],
  );
  const hashes = new Map(rows.map((r) => [r.user_id, addressHash(config, r.email)]));
  const stopped = new Set(
    (await db.query<{ address_hash: string }>("select address_hash from mail_suppressions where address_hash = any($1)", [[...hashes.values()]])).map(
      (r) => r.address_hash,
    ),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.username,
    email: shownAddress(r.email),
    mailStopped: !shownAddress(r.email) || stopped.has(hashes.get(r.user_id)!),
    invitedAt: r.sent_at ? iso(r.sent_at) : null,
  }));
}

/** Invitations a group may send in 24 hours by default (decision 061; INVITATIONS_PER_GROUP_DAY, decision 078). */
export const INVITATIONS_PER_DAY = 40;
export const PROVE_TO_INVITE = proveFirst("invitar a los miembros de tu peña");

export const NO_ADDRESS =
  "Ese miembro ya no tiene e-mail: quien lo recibía pidió que lo borráramos. Si sabes su dirección correcta, pídele que se una con el código del grupo.";

export const NOT_A_PLACEHOLDER = "Ese miembro no está en el grupo o ya tiene cuenta: no hace falta invitarle.";

/**
 * Sends the invitation once. The row is written in the transaction that sends the mail: a mail that
 * fails leaves nothing recorded (the manager may press again); a second press, or a second manager at
 * the same moment (the primary key makes it wait), finds the row and sends nothing.
 *
 * The allowances (decision 078): the peña's day, counted under its row's lock; the manager's day
 * across all his peñas, the client's and the address's, counted by the mail policy under its locks,
 * so one manager pressing in four peñas at once, on two instances, never gets past his allowance.
 */
export async function invitePlaceholder(
  deps: Deps,
  actorId: number,
  groupId: number,
  userId: number,
  client: string | null = null,
): Promise<PlaceholderInvite> {
  return deps.db.tx(async (tx) => {
    const member = await tx.one<{ username: string; email: string; group_name: string; invite_code: string }>(
      `select coalesce(m.display_name, u.username) as username, u.email, g.name as group_name, g.invite_code
         from group_members m join users u on u.id = m.user_id join groups g on g.id = m.group_id
        where m.group_id = $1 and m.user_id = $2 and m.removed_at is null and u.placeholder`,
      [groupId, userId],
    );
    if (!member) throw notFound(NOT_A_PLACEHOLDER);
    await requireProvedSender(tx, actorId, "invitar a los miembros de tu peña");
    // Its holder asked for no mail, or had the address removed (decision 086): the manager is told, nothing goes.
    if (!shownAddress(member.email)) throw new ApiError(409, NO_ADDRESS);
    if (await isSuppressed({ ...deps, db: tx }, member.email)) throw new ApiError(409, ADDRESS_STOPPED);
    const now = deps.clock();
    // The group's row, locked, makes two presses at once in one peña count one after the other.
    await tx.query("select id from groups where id = $1 for update", [groupId]);
    const before = await tx.one<{ sent_at: Date | string }>("select sent_at from placeholder_invitations where group_id = $1 and user_id = $2", [
      groupId,
      userId,
    ]);
    if (before) return { sent: false, invitedAt: iso(before.sent_at) };
    const limit = deps.config.invitationsPerGroupDay;
    const full = await tx.one<{ sent_at: Date | string }>(
      "select sent_at from placeholder_invitations where group_id = $1 and sent_at > $2 order by sent_at desc offset $3 limit 1",
      [groupId, new Date(now.getTime() - 86_400_000), limit - 1],
    );
    if (full) throw refused("group", groupSpent(limit, new Date(new Date(full.sent_at).getTime() + 86_400_000)));
    await admitMail(deps, tx, { route: "invitation", to: member.email, senderId: actorId, client });
    const inserted = await tx.one<{ sent_at: Date | string }>(
      `insert into placeholder_invitations (group_id, user_id, email, sent_at, sent_by) values ($1, $2, $3, $4, $5)
       on conflict (group_id, user_id) do nothing returning sent_at`,
      [groupId, userId, member.email, now, actorId],
    );
    // Under the group's lock the row was not there a moment ago; should it be now, this press sends nothing.
    if (!inserted) throw new ApiError(409, NOT_A_PLACEHOLDER);
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId,
      action: "placeholder.invite",
      entity: "member",
      entityId: userId,
      subject: member.username,
      after: { email: member.email },
    });
    const groups = await groupNamesOf(tx, userId);
    // Still in the transaction (a mail that fails records nothing): the policy reads through it.
    await deliver(
      { ...deps, db: tx },
      {
        to: member.email,
        // Names typed by someone else go as plain text no mail client turns into a link (decision 061).
        subject: `Quiniela de peñas: te esperan en ${defang(member.group_name)}`,
        text: [
          `Hola, ${defang(member.username)}:`,
          "",
          // "La peña Peña Los del Bar" says the word twice: a name that starts with it goes alone.
          `${/^\s*peña\b/iu.test(member.group_name) ? defang(member.group_name.trim()) : `La peña ${defang(member.group_name)}`} ya lleva tus pronósticos y tus pagos en Quiniela de peñas.`,
          "Abre este enlace, elige tu nombre de usuario y tu contraseña, y todo lo tuyo pasará a ser tuyo:",
          "",
          claimLink(deps, userId, member.email, INVITATION_LINK_MS, groupId),
          "",
          `Si ya tienes cuenta con otro e-mail, únete al grupo con su código: ${member.invite_code}`,
          "",
          "Si no esperabas este correo, ignóralo.",
          "",
          ...whyWeWrite(deps.config, groups),
        ].join("\n"),
        wayOut: { userId, kind: "account" },
      },
    );
    return { sent: true, invitedAt: iso(inserted.sent_at) };
  });
}
