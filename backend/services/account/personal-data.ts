/**
 * «Descargar mis datos» (RGPD arts. 15 and 20, decision 084): everything the app keeps about one
 * person, as CSV rows in our conventions (dates in Madrid time, dd/mm/aaaa hh:mm; money as 1,50).
 * Other people appear only by the name the group's pages show (member_name), never by address.
 */
import { wallClock } from "#core/dates";
import { plainEuros } from "#core/domain/money";
import { KIND_LABELS } from "#core/contract/caja";
import type { MovementKind } from "#core/domain/caja/caja";
import { roleName } from "#core/contract/group";
import type { PersonalDataExport } from "#core/contract/personal-data";
import type { Deps } from "../../context";
import { notFound } from "../../errors";
import { prizeSharing } from "../caja/prize";

type At = Date | string;
const when = (at: At | null) => {
  if (at === null) return "";
  const c = wallClock(new Date(at));
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
};
const yesNo = (b: boolean) => (b ? "Sí" : "No");
const signs = (matches: unknown) => (Array.isArray(matches) ? matches.map((p) => (Array.isArray(p) ? p.join("") : String(p ?? ""))) : []);
const P = Array.from({ length: 14 }, (_, i) => `P${i + 1}`);
const percent = (hundredths: number) => `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, "0")}`;
const NOT_KEPT = "No se guarda";

export const PERSONAL_DATA_NOTES = [
  "El asunto y el texto de los correos no se guardan: correos.csv lista solo los que la aplicación anota (recordatorios, resúmenes de la jornada, avisos de la quiniela grupal, invitaciones de miembro sin cuenta y enlaces para cambiar la contraseña), con su fecha.",
  "Cada correo que alguien pidió a tu dirección (registro, contraseña, enlace de alta, invitación, confirmar el correo) se anota una semana para contar los que recibe al día y a la semana: esas filas salen como «Correo pedido a tu dirección». Los demás avisos sueltos no se anotan en ninguna parte, así que no aparecen.",
  "De cada sesión se guarda cuándo empezó y cuándo caduca; el dispositivo y la dirección IP no se guardan.",
  "El registro de cambios (auditoria.csv) da la fecha, la acción y quién la hizo; el detalle de antes y después no se incluye porque puede contener datos de otras personas.",
  "Tu contraseña se guarda solo como un resumen cifrado, que no se puede leer, y no está en el archivo.",
  "Las fotos del resguardo que subiste están en la carpeta resguardos/, tal como se guardan: sin la ubicación, el móvil ni la hora que llevaba la foto. Son la prueba de la peña de que el boleto se selló: se guardan con su jornada, las ven solo los miembros de la peña, y se borran cuando se borra la peña (o la jornada).",
];

export async function personalData({ db, ...deps }: Deps, userId: number): Promise<PersonalDataExport> {
  const me = await db.one<{
    username: string;
    email: string;
    is_admin: boolean;
    send_alert: boolean;
    send_digest: boolean;
    send_manager_mail: boolean;
    send_account_mail: boolean;
    avatar_version: number | null;
    created_at: At;
  }>(
    "select username, shown_email(users) as email, is_admin, send_alert, send_digest, send_manager_mail, send_account_mail, avatar_version, created_at from users where id = $1",
    [userId],
  );
  if (!me) throw notFound("No encontramos tu cuenta.");
  const memberships = await db.query<{ group_id: number; name: string; shown: string; role_id: number; joined_at: At; removed_at: At | null }>(
    `select g.id as group_id, g.name, member_name(g.id, m.user_id) as shown, m.role_id, m.joined_at, m.removed_at
       from group_members m join groups g on g.id = m.group_id where m.user_id = $1 order by lower(g.name), g.id`,
    [userId],
  );
  const picks = await db.query<{
    id: number;
    group_name: string;
    season: string;
    number: number;
    matches: unknown;
    pleno_home: number;
    pleno_away: number;
    created_at: At;
    updated_at: At;
    automatic: string | null;
    imported: boolean;
    late: boolean;
  }>(
    `select p.id, g.name as group_name, s.name as season, q.number, p.matches, p.pleno_home, p.pleno_away, p.created_at, p.updated_at,
            p.automatic, p.imported, p.late
       from predictions p join groups g on g.id = p.group_id join quinielas q on q.id = p.quiniela_id join seasons s on s.id = q.season_id
      where p.user_id = $1 order by lower(g.name), s.name, q.number`,
    [userId],
  );
  const moves = await db.query<{
    id: number;
    group_name: string;
    kind: MovementKind;
    amount_cents: number;
    reference: string;
    recorded_at: At;
    reverses_id: number | null;
    recorded_by: string | null;
  }>(
    `select m.id, g.name as group_name, m.kind, m.amount_cents, m.reference, m.recorded_at, m.reverses_id,
            case when m.recorded_by is null then null else member_name(m.group_id, m.recorded_by) end as recorded_by
       from caja_movements m join groups g on g.id = m.group_id where m.user_id = $1 order by m.id`,
    [userId],
  );
  const prizes = await db.query<{ group_id: number; id: number }>(
    `select m.group_id, m.id from caja_movements m join group_members gm on gm.group_id = m.group_id and gm.user_id = $1
      where m.kind = 'prize' and m.user_id is null order by m.id`,
    [userId],
  );
  const viewer = { id: userId, username: me.username, email: me.email, isAdmin: false, tokenHash: "" };
  const prizeRows: string[][] = [];
  for (const p of prizes) {
    const sharing = await prizeSharing({ db, ...deps }, p.group_id, p.id, viewer);
    const mine = sharing.lines.find((l) => l.userId === userId);
    if (!mine) continue;
    prizeRows.push([
      sharing.groupName,
      when(sharing.recordedAt),
      sharing.reference,
      plainEuros(sharing.prizeCents),
      yesNo(sharing.reversed),
      percent(mine.percentHundredths),
      plainEuros(mine.shareCents),
      plainEuros(mine.levyCents),
      plainEuros(mine.netCents),
    ]);
  }
  const mails = await db.query<{ at: At; kind: string; group_name: string | null; number: number | null }>(
    `select s.sent_at as at, 'Recordatorio de la jornada' as kind, g.name as group_name, q.number from reminders_sent s
       join group_quinielas gq on gq.id = s.group_quiniela_id join groups g on g.id = gq.group_id join quinielas q on q.id = gq.quiniela_id where s.user_id = $1
     union all
     select s.sent_at, 'Resumen de la jornada', g.name, q.number from digests_sent s
       join group_quinielas gq on gq.id = s.group_quiniela_id join groups g on g.id = gq.group_id join quinielas q on q.id = gq.quiniela_id where s.user_id = $1
     union all
     select s.sent_at, 'Quiniela grupal', g.name, q.number from bet_mails_sent s
       join group_quinielas gq on gq.id = s.group_quiniela_id join groups g on g.id = gq.group_id join quinielas q on q.id = gq.quiniela_id where s.user_id = $1
     union all
     select i.sent_at, 'Invitación a la peña', g.name, null from placeholder_invitations i join groups g on g.id = i.group_id where i.user_id = $1
     union all
     select r.created_at, 'Cambiar la contraseña', null, null from password_resets r where r.user_id = $1
     union all
     select m.at, 'Correo pedido a tu dirección (' || case m.route when 'sign-up' then 'registro' when 'reset' then 'contraseña'
              when 'claim' then 'enlace de alta' when 'invitation' then 'invitación' when 'receipt' then 'falta el resguardo' else 'confirmar el correo' end || ')', null, null
       from mail_requests m where m.address = (select lower(email) from users where id = $1)
     order by 1`,
    [userId],
  );
  const audit = await db.query<{ at: At; group_name: string | null; action: string; entity: string; subject: string; actor_name: string }>(
    `select a.at, g.name as group_name, a.action, a.entity, a.subject, a.actor_name from audit_log a left join groups g on g.id = a.group_id
      where a.actor_id = $1
         or (a.entity = 'member' and a.entity_id = $1)
         or (a.entity = 'prediction' and a.entity_id in (select id from predictions where user_id = $1))
         or (a.entity = 'caja' and a.entity_id in (select id from caja_movements where user_id = $1))
      order by a.at, a.id`,
    [userId],
  );
  // The resguardo's photos this person added (decision 093): the peña's proof, and theirs to take.
  const receipts = await db.query<{
    id: number;
    group_name: string;
    season: string;
    number: number;
    uploaded_at: At;
    before_start: boolean;
    image: Uint8Array;
  }>(
    `select r.id, g.name as group_name, s.name as season, q.number, r.uploaded_at, r.before_start, r.image
       from ticket_receipts r join groups g on g.id = r.group_id join quinielas q on q.id = r.quiniela_id join seasons s on s.id = q.season_id
      where r.uploaded_by = $1 order by r.uploaded_at, r.id`,
    [userId],
  );
  const photoName = (id: number) => `resguardos/resguardo-${id}.jpg`;
  const sessions = await db.query<{ created_at: At; expires_at: At }>("select created_at, expires_at from auth_tokens where user_id = $1 order by created_at", [
    userId,
  ]);
  return {
    files: [
      {
        name: "perfil.csv",
        rows: [
          [
            "Usuario",
            "E-mail",
            "Administrador",
            "Alta",
            "Recordatorios por e-mail",
            "Resumen de la jornada por e-mail",
            "Avisos para gestores por e-mail",
            "Avisos de acceso por e-mail",
            "Foto de perfil",
          ],
          [
            me.username,
            me.email,
            yesNo(me.is_admin),
            when(me.created_at),
            yesNo(me.send_alert),
            yesNo(me.send_digest),
            yesNo(me.send_manager_mail),
            yesNo(me.send_account_mail),
            yesNo(me.avatar_version !== null),
          ],
        ],
      },
      {
        name: "penas.csv",
        rows: [
          ["Peña", "Tu nombre en la peña", "Rol", "Desde", "Baja"],
          ...memberships.map((m) => [m.name, m.shown, roleName(m.role_id), when(m.joined_at), when(m.removed_at)]),
        ],
      },
      {
        name: "pronosticos.csv",
        rows: [
          ["Peña", "Temporada", "Jornada", ...P, "Pleno", "Enviado", "Cambiado", "Automático", "Importado", "Fuera de plazo"],
          ...picks.map((p) => [
            p.group_name,
            p.season,
            String(p.number),
            ...signs(p.matches),
            `${p.pleno_home}-${p.pleno_away}`,
            when(p.created_at),
            when(p.updated_at),
            p.automatic ?? "",
            yesNo(p.imported),
            yesNo(p.late),
          ]),
        ],
      },
      {
        name: "movimientos.csv",
        rows: [
          ["Número", "Peña", "Fecha", "Tipo", "Importe", "Referencia", "Anula el número", "Anotado por"],
          ...moves.map((m) => [
            String(m.id),
            m.group_name,
            when(m.recorded_at),
            KIND_LABELS[m.kind] ?? m.kind,
            plainEuros(m.amount_cents),
            m.reference,
            m.reverses_id === null ? "" : String(m.reverses_id),
            m.recorded_by ?? "",
          ]),
        ],
      },
      {
        name: "premios.csv",
        rows: [["Peña", "Fecha", "Referencia", "Premio", "Anulado", "Tu parte (%)", "Tu parte", "Retención", "Neto"], ...prizeRows],
      },
      {
        name: "correos.csv",
        rows: [
          ["Fecha", "Correo", "Peña", "Jornada", "Asunto"],
          ...mails.map((m) => [when(m.at), m.kind, m.group_name ?? "", m.number === null ? "" : String(m.number), NOT_KEPT]),
        ],
      },
      {
        name: "auditoria.csv",
        rows: [["Fecha", "Peña", "Acción", "Sobre", "Quién"], ...audit.map((a) => [when(a.at), a.group_name ?? "", a.action, a.subject, a.actor_name])],
      },
      {
        name: "resguardos.csv",
        rows: [
          ["Peña", "Temporada", "Jornada", "Subida", "Antes del primer partido", "Archivo"],
          ...receipts.map((r) => [r.group_name, r.season, String(r.number), when(r.uploaded_at), yesNo(r.before_start), photoName(r.id)]),
        ],
      },
      {
        name: "sesiones.csv",
        rows: [["Inicio", "Caduca", "Dispositivo"], ...sessions.map((s) => [when(s.created_at), when(s.expires_at), NOT_KEPT])],
      },
    ],
    notes: PERSONAL_DATA_NOTES,
    photos: receipts.map((r) => ({ name: photoName(r.id), base64: Buffer.from(r.image).toString("base64") })),
  };
}
