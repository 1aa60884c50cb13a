import { defang } from "#core/domain/defang";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";

/**
 * What the first mail to a person a manager imported says (RGPD article 14, decision 086): which
 * peña gave the address, who runs the app (the PRIVACY_* settings of /privacidad, decision 085),
 * and how to object: the way-out link `deliver` puts at the end of every mail.
 */

/** The peñas that hold this member without an account, by the name each gave the peña. */
export async function groupNamesOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select g.name from group_members m join groups g on g.id = m.group_id
      where m.user_id = $1 and m.removed_at is null order by g.name`,
    [memberId],
  );
  return rows.map((r) => r.name);
}

const list = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`);

export function whyWeWrite(config: Deps["config"], groups: string[]): string[] {
  const site = config.publicUrl.replace(/\/$/, "");
  const named = groups.map((n) => `«${defang(n.trim())}»`);
  const { controllerName, contactEmail } = config.privacy;
  const who = controllerName
    ? `Esta instalación de Quiniela de peñas la gestiona ${defang(controllerName)}${contactEmail ? ` (contacto: ${contactEmail})` : ""}.`
    : "Quien gestiona esta instalación de Quiniela de peñas aún no ha indicado sus datos de contacto.";
  return [
    "Por qué te escribimos:",
    named.length === 0
      ? "Una peña nos dio esta dirección al apuntarte como miembro."
      : `${named.length === 1 ? "La peña" : "Las peñas"} ${list(named)} nos ${named.length === 1 ? "dio" : "dieron"} esta dirección al apuntarte como miembro.`,
    `${who} Cómo tratamos tus datos: ${site}/privacidad`,
    "Si no quieres que te escribamos, o no eres miembro de esa peña y quieres que borremos tu dirección, usa el enlace del final de este correo.",
  ];
}
