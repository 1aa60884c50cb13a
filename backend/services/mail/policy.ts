import { formatDateTime } from "#core/dates";
import type { Deps } from "../../context";
import { LOCK_KEYS } from "../../db/advisory";
import type { Db } from "../../db/db";
import { ApiError, forbidden } from "../../errors";
import { MAIL_REFUSALS, mailMetrics } from "../../metrics";
import type { Mail } from "../../mailer";
import type { MailKind } from "#core/contract/way-out";
import { accountToken, addressHash, addressToken, wayOutUrl } from "./way-out-token";

/**
 * The mail policy of a public instance (decision 078), in one place: every mail the app sends at
 * someone's request to an address (a claim link, a reset link, an invitation, a sign-up notice, a
 * proof link) is admitted here first, in the transaction that asks for it, and recorded in
 * `mail_requests`, so every instance on one database counts alike. Every mail the app sends at all
 * goes out through `deliver` (decision 086): an address on the suppression list gets nothing, an
 * account's switch of the mail's kind holds it back, and every mail carries its way out.
 *
 * - An account mails people other than itself only once its own address is proved (`requireProvedSender`).
 * - One address gets at most `mailPerAddressDay` / `mailPerAddressWeek` such mails (or requests that
 *   could have mailed it: a reset of an address with no account counts the same, so the answer
 *   tells nobody which addresses exist), whoever asks and by whichever route.
 * - One account sends at most `mailPerSenderDay` to others in a day, across all its peñas.
 * - One client address asks for at most `mailPerClientDay` in a day.
 *
 * The counts are read under advisory locks (sender, then client, then address, always in that
 * order, so two requests never wait on each other in a circle): two instances, or one manager in
 * four of his peñas at once, take turns and never both read the last free place.
 */

export type MailRoute = "sign-up" | "reset" | "claim" | "invitation" | "proof" | "receipt";

export interface MailRequest {
  route: MailRoute;
  /** The address the mail goes to. */
  to: string;
  /** The signed-in account that asks, when the mail goes to someone else (its daily allowance). */
  senderId?: number | null;
  /** The address the request came from (request.ip). */
  client?: string | null;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const when = (at: Date) => `${formatDateTime(at)} (hora de Madrid)`;

export const addressSpent = (at: Date) => `Por ahora no enviamos más correos a esa dirección: inténtalo de nuevo a partir del ${when(at)}.`;
export const senderSpent = (limit: number, at: Date) =>
  `Hoy ya has enviado ${limit} correos a otras personas, el máximo en un día: podrás enviar más a partir del ${when(at)}.`;
export const clientSpent = (at: Date) => `Desde esta conexión ya se han pedido hoy todos los correos posibles: inténtalo de nuevo a partir del ${when(at)}.`;
export const groupSpent = (limit: number, at: Date) =>
  `Hoy ya se han enviado ${limit} invitaciones en esta peña, el máximo en un día: podrás enviar más a partir del ${when(at)}.`;

/** What the refusal of an unproved account says, naming what it tried (`invitar a los miembros`…). */
export const proveFirst = (action: string) =>
  `Confirma tu dirección de correo para poder ${action}: abre el enlace que te enviamos al registrarte, o pide otro desde tu perfil.`;

const normal = (address: string) => address.trim().toLowerCase();

/**
 * When a window of `windowMs` holding `limit` rows has room again: the `limit`-th newest row's time
 * plus the window; null while there is room now.
 */
async function fullUntil(tx: Db, where: string, value: unknown, limit: number, windowMs: number, now: Date): Promise<Date | null> {
  const row = await tx.one<{ at: Date | string }>(`select at from mail_requests where ${where} = $1 and at > $2 order by at desc offset $3 limit 1`, [
    value,
    new Date(now.getTime() - windowMs),
    limit - 1,
  ]);
  return row ? new Date(new Date(row.at).getTime() + windowMs) : null;
}

async function lock(tx: Db, key: number, value: string | number) {
  if (tx.kind !== "postgres") return;
  if (typeof value === "number") await tx.query("select pg_advisory_xact_lock($1::int, $2::int)", [key, value]);
  else await tx.query("select pg_advisory_xact_lock($1::int, hashtext($2))", [key, value]);
}

/** A mail an allowance refuses: counted by reason (backend/metrics.ts), answered as a 429. */
export function refused(reason: (typeof MAIL_REFUSALS)[number], message: string): ApiError {
  mailMetrics.refused(reason);
  return new ApiError(429, message);
}

/**
 * Admits one mail in the caller's transaction, or refuses it with a 429 that says from when it may
 * be asked again; admitted, it is counted (the caller's rollback gives the place back).
 */
export async function admitMail(deps: Pick<Deps, "clock" | "config">, tx: Db, request: MailRequest): Promise<void> {
  const { config } = deps;
  const now = deps.clock();
  const to = normal(request.to);
  const sender = request.senderId ?? null;
  const client = request.client ?? null;
  if (sender !== null) await lock(tx, LOCK_KEYS.mailSender, sender);
  if (client !== null) await lock(tx, LOCK_KEYS.mailClient, client);
  await lock(tx, LOCK_KEYS.mailAddress, to);
  if (sender !== null) {
    const until = await fullUntil(tx, "sender_id", sender, config.mailPerSenderDay, DAY_MS, now);
    if (until) throw refused("sender", senderSpent(config.mailPerSenderDay, until));
  }
  if (client !== null) {
    const until = await fullUntil(tx, "client", client, config.mailPerClientDay, DAY_MS, now);
    if (until) throw refused("client", clientSpent(until));
  }
  const day = await fullUntil(tx, "address", to, config.mailPerAddressDay, DAY_MS, now);
  const week = await fullUntil(tx, "address", to, config.mailPerAddressWeek, WEEK_MS, now);
  const until = day && week ? (day > week ? day : week) : (day ?? week);
  if (until) throw refused("address", addressSpent(until));
  await tx.query("insert into mail_requests (at, route, address, sender_id, client) values ($1, $2, $3, $4, $5)", [now, request.route, to, sender, client]);
  // What no allowance reads any more goes (the address's own rows, under its lock: no two deletes meet).
  await tx.query("delete from mail_requests where address = $1 and at < $2", [to, new Date(now.getTime() - MAIL_REQUESTS_KEPT_MS)]);
}

/** How long a mail request is kept: the longest allowance (a week) reads nothing older; the retention job removes the rest (decision 085). */
export const MAIL_REQUESTS_KEPT_MS = WEEK_MS + DAY_MS;

/** Admits one mail in a transaction of its own (a request that writes nothing else). */
export async function admitMailAlone(deps: Pick<Deps, "clock" | "config" | "db">, request: MailRequest): Promise<void> {
  await deps.db.tx((tx) => admitMail(deps, tx, request));
}

/** Whether the account has proved its own address (decision 078). */
export async function addressProved(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ proved: boolean }>("select email_proved_at is not null as proved from users where id = $1", [userId]);
  return Boolean(row?.proved);
}

/** Refuses (403) an account that would mail others before it has proved its own address; an admin always may. */
export async function requireProvedSender(db: Db, userId: number, action: string): Promise<void> {
  const row = await db.one<{ ok: boolean }>("select is_admin or email_proved_at is not null as ok from users where id = $1", [userId]);
  if (!row?.ok) throw forbidden(proveFirst(action));
}

/** The column of each kind's switch in `users` (decision 086). */
const KIND_SWITCH: Record<MailKind, string> = {
  alerts: "send_alert",
  digest: "send_digest",
  manager: "send_manager_mail",
  account: "send_account_mail",
};

/** What a stopped address's holder is told by whoever would have mailed it: a manager, an admin. */
export const ADDRESS_STOPPED = "Esa dirección ha pedido no recibir correos de esta aplicación: no le enviamos nada.";

const beforeBodyEnd = (html: string, tail: string) => (/<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${tail}</body>`) : `${html}${tail}`);

/** Whether the address asked for no mail from this app: its keyed hash is on the suppression list. */
export async function isSuppressed(deps: Pick<Deps, "db" | "config">, address: string): Promise<boolean> {
  return Boolean(await deps.db.one("select 1 from mail_suppressions where address_hash = $1", [addressHash(deps.config, address)]));
}

/**
 * Sends one mail, the only way the app does (decision 086), or not at all: nothing to an address on
 * the suppression list, nothing of a kind its account turned off. What goes carries List-Unsubscribe
 * (the signed link of the web app's page) with List-Unsubscribe-Post for RFC 8058's one-click, and the
 * same link at the end of its text and its HTML. A mail with a way out of its own (the digest's,
 * decision 036) keeps it. Returns whether the mail went.
 */
export async function deliver(deps: Pick<Deps, "db" | "config" | "mailer">, mail: Mail): Promise<boolean> {
  const { wayOut, ...message } = mail;
  if (await isSuppressed(deps, mail.to)) return false;
  const kind = wayOut?.kind ?? "account";
  const who = wayOut
    ? ((await deps.db.one<{ placeholder: boolean; on: boolean }>(
        `select placeholder, ${KIND_SWITCH[kind]} as on from users where id = $1 and lower(email) = lower($2) and deleted_at is null`,
        [wayOut.userId, mail.to],
      )) ?? null)
    : null;
  const forAccount = who !== null && !who.placeholder;
  if (forAccount && !who.on && !wayOut?.requested) return false;
  if (message.headers?.["List-Unsubscribe"]) {
    await deps.mailer.send(message);
    return true;
  }
  const userId = wayOut?.userId ?? 0;
  const url = wayOutUrl(deps.config, forAccount ? accountToken(deps.config, userId, kind) : addressToken(deps.config, who ? userId : 0, mail.to));
  const line = forAccount
    ? `Para dejar de recibir estos correos, abre: ${url}`
    : `Si no quieres recibir más correos de esta aplicación, o no eres quien esta peña cree, abre: ${url}`;
  const escaped = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  await deps.mailer.send({
    ...message,
    text: `${message.text.replace(/\n*$/, "")}\n\n${line}\n`,
    ...(message.html
      ? { html: beforeBodyEnd(message.html, `<p>${line.slice(0, line.indexOf(", abre:") + 1)} <a href="${escaped}">abre este enlace</a>.</p>`) }
      : {}),
    headers: { ...message.headers, "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  return true;
}
