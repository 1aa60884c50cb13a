/**
 * Each peña names its members without an account itself (decision 080): the name a peña's pages show
 * is the membership's `display_name`, else the account's username (`member_name(group, user)` in SQL,
 * migration 036). A person without an account whom two peñas imported is one row whose own username
 * names neither: a page that read it would show this, never one peña's name to the other.
 */
import type { Db } from "../../db/db";

export const PLACEHOLDER_SHARED_NAME = "Miembro sin cuenta";

/**
 * The placeholder joins one more peña: every membership keeps the name its peña gave it, and the row's
 * own username stops naming any of them once it is in two.
 */
export async function nameShared(tx: Db, userId: number): Promise<void> {
  await tx.query(
    `update group_members m set display_name = coalesce(m.display_name, u.username) from users u where u.id = m.user_id and m.user_id = $1 and u.placeholder`,
    [userId],
  );
  await tx.query(`update users set username = $2 where id = $1 and placeholder and (select count(*) from group_members where user_id = $1) > 1`, [
    userId,
    PLACEHOLDER_SHARED_NAME,
  ]);
}
