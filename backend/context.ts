import type { FastifyRequest } from "fastify";
import type { BackendConfig } from "./config";
import type { Db } from "./db/db";
import { forbidden, unauthorized } from "./errors";
import type { Mailer } from "./mailer";
import { sha256 } from "./security";

/** What every service is given; tests pass a real database, a real SMTP mailer and a fixed clock. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  config: BackendConfig;
  fetch: typeof fetch;
}

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export async function userFromToken(db: Db, header: string | undefined, now: Date): Promise<AuthUser | null> {
  const match = /^Bearer\s+(\S{20,200})$/i.exec(header ?? "");
  if (!match) return null;
  const tokenHash = sha256(match[1]);
  const row = await db.one<{ id: number; username: string; email: string; is_admin: boolean }>(
    `select u.id, u.username, u.email, u.is_admin from auth_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1 and t.expires_at > $2`,
    [tokenHash, now],
  );
  return row ? { id: row.id, username: row.username, email: row.email, isAdmin: row.is_admin, tokenHash } : null;
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden("Solo un administrador puede hacer esto.");
  return user;
}

/** The caller holds a role in this group (any, or Gestor with `managers`) or is an admin; 403 with `refusal` otherwise. */
async function requireRole(request: FastifyRequest, db: Db, groupId: number, managers: boolean, refusal: string): Promise<AuthUser> {
  const user = requireUser(request);
  if (user.isAdmin) return user;
  const row = await db.one(`select 1 from group_members where group_id = $1 and user_id = $2${managers ? " and role_id = 2" : ""} and removed_at is null`, [
    groupId,
    user.id,
  ]);
  if (!row) throw forbidden(refusal);
  return user;
}

/** The caller manages this group (role Gestor) or is an admin. */
export const requireManager = (request: FastifyRequest, db: Db, groupId: number) =>
  requireRole(request, db, groupId, true, "Solo el gestor del grupo puede hacer esto.");
