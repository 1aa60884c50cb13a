import { formatDateTime } from "#core/dates";
import type { Deps } from "../../context";
import { LOCK_KEYS } from "../../db/advisory";
import type { Db } from "../../db/db";
import { ApiError, forbidden } from "../../errors";

/**
 * The mail policy of a public instance (decision 078), in one place: every mail the app sends at
 * someone's request to an address (a claim link, a reset link, an invitation, a sign-up notice, a
 * proof link) is admitted here first, in the transaction that asks for it, and recorded in
 * `mail_requests`, so every instance on one database counts alike. A later rule about who may be
 * mailed at all (a suppression list) belongs here too.
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
    if (until) throw new ApiError(429, senderSpent(config.mailPerSenderDay, until));
  }
  if (client !== null) {
    const until = await fullUntil(tx, "client", client, config.mailPerClientDay, DAY_MS, now);
    if (until) throw new ApiError(429, clientSpent(until));
  }
  const day = await fullUntil(tx, "address", to, config.mailPerAddressDay, DAY_MS, now);
  const week = await fullUntil(tx, "address", to, config.mailPerAddressWeek, WEEK_MS, now);
  const until = day && week ? (day > week ? day : week) : (day ?? week);
  if (until) throw new ApiError(429, addressSpent(until));
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
