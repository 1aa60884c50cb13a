import { z } from "zod";
import { id, wireId, wireInt } from "./common";

/**
 * The version a form was loaded from. Optional everywhere, so the contract's
 * calls stay compatible: without it there is no check.
 */
export const version = z.number({ invalid_type_error: "Versión no válida." }).int("Versión no válida.").positive("Versión no válida.").optional();

/** The 409 of a save made against an older version than the stored one. */
export const staleMessage = (what: string) =>
  `${what} ha cambiado desde que abriste el formulario (otra persona guardó antes). Revisa los valores actuales y vuelve a guardar.`;

export const AUDIT_ACTIONS = {
  "round.configure": "Jornada activada",
  "round.dates": "Fechas cambiadas",
  "round.force-close": "Cierre forzado",
  "round.reopen": "Jornada reabierta",
  "round.type": "Tipo de quiniela cambiado",
  "round.block": "Usuario bloqueado",
  "round.unblock": "Usuario desbloqueado",
  "group.edit": "Grupo editado",
  "group.role": "Rol cambiado",
  "group.remove-member": "Miembro quitado",
  "pool.create": "Quiniela creada",
  "pool.edit": "Quiniela editada",
  "results.set": "Resultados oficiales",
  "team.create": "Equipo creado",
  "team.alias": "Alias añadido",
  "prediction.late": "Pronóstico tardío",
  "bet.generate": "Quiniela grupal generada",
  "bet.edit": "Quiniela grupal editada",
  "bet.confirm": "Apuesta confirmada",
  "caja.movement": "Movimiento de caja",
  "caja.reverse": "Movimiento de caja corregido",
  "caja.rules": "Normas de la caja cambiadas",
  "caja.settle": "Temporada liquidada",
  "bet.ticket": "Boleto cambiado",
  "bet.placement": "Colocación de dobles y triples aplicada",
  "prizes.set": "Premios del escrutinio",
  "shares.set": "Porcentajes del público",
  "group.week-rule": "Regla automática de la semana",
  "group.suggestions": "Sugerencias de colocación",
  "round.auto-open": "Jornada abierta automáticamente",
  "round.auto-close-date": "Cierre movido con el oficial",
  "prediction.automatic": "Pronóstico automático",
  "prediction.automatic-remove": "Pronóstico automático quitado",
  "provisional.set": "Marcador provisional",
  "provisional.clear": "Marcador provisional borrado",
  "import.prediction": "Pronóstico importado",
  "import.prediction.replace": "Pronóstico importado de nuevo (reemplaza)",
  "import.jornada": "Jornada pasada creada desde un archivo de jornadas",
  "import.jornada.attach": "Jornada del catálogo añadida al grupo por importación",
  "import.movement.replace": "Movimiento importado de nuevo (corrige el importe)",
  "import.member": "Miembro importado sin cuenta",
  "import.claim": "Miembro importado que se registra",
  "placeholder.invite": "Invitación enviada a un miembro sin cuenta",
  "placeholder.link": "Miembro sin cuenta unido a un miembro con cuenta",
  "placeholder.address-removed": "E-mail de un miembro sin cuenta borrado a petición de quien lo recibía",
  "receipt.add": "Resguardo del boleto subido",
  "receipt.replace": "Resguardo del boleto sustituido",
  "receipt.beside": "Resguardo del boleto añadido junto a otro",
  "receipt.remove": "Resguardo del boleto quitado",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const auditActionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** Spanish names of the fields the trail shows before and after. */
export const AUDIT_FIELDS: Record<string, string> = {
  openDate: "Apertura",
  closeDate: "Cierre",
  forceClosed: "Cierre forzado",
  typeName: "Tipo",
  blocked: "Bloqueado",
  username: "Usuario",
  role: "Rol",
  name: "Nombre",
  description: "Descripción",
  numberQuiniela: "Jornada",
  startDate: "Inicio",
  closingDate: "Cierre",
  matches: "Partidos",
  plain15: "Pleno al 15",
  logo: "Logo",
  alias: "Alias",
  reopenedAt: "Reabierta el",
  late: "Tardío",
  confirmed: "Confirmada",
  topN: "Top N",
  kind: "Tipo",
  amount: "Cantidad",
  reference: "Referencia",
  member: "Miembro",
  reverses: "Corrige el movimiento",
  abrirSola: "Abrir cada jornada sola",
  tipos: "Tipos por semana",
  apertura: "Apertura",
  cierreAntesMinutos: "Cierre (minutos antes del oficial)",
  apuestaAlCerrar: "Apuesta al cerrar",
  jugadores: "Jugadores incluidos",
  confirmarSola: "Confirmar sola",
  ausentes: "Quien no pronostique juega",
  maximoAusencias: "Máximo por temporada",
  origen: "Origen",
  position: "Partido",
  home: "Local",
  away: "Visitante",
  source: "Origen",
};

const snapshot = z.record(z.unknown()).nullable();

export const AuditEntry = z.object({
  id: wireId,
  at: z.string(),
  actorId: wireId.nullable(),
  actorName: z.string(),
  groupId: wireId.nullable(),
  groupName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: wireInt.nullable(),
  subject: z.string(),
  before: snapshot,
  after: snapshot,
  /** A prediction written after the round was reopened. */
  late: z.boolean(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditTrail = z.array(AuditEntry);
export type AuditTrail = z.infer<typeof AuditTrail>;

export const auditQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "Límite no válido." })
    .int("Límite no válido.")
    .min(1, "Límite no válido.")
    .max(500, "Límite no válido.")
    .optional(),
  /** The entries older than this one (the next page of a statement: decision 042). */
  before: id.optional(),
});

export const auditGroupParams = z.object({ groupId: id });
