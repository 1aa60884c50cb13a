/**
 * Moving a peña in: rows of a picks file or a movements file, checked against the
 * group's members and the season's jornadas. Every refused line gets its number and a Spanish
 * reason; what passes is what the confirm would write. Pure: the caller brings the members and
 * jornadas, and the preview shows the result before anything is stored.
 */
import type { CsvRow } from "./import-file";
import { KIND_SIGN, type BaseKind } from "../caja/caja";
import { parseEuros } from "../money";
import { MATCHES, normalizePick, pickKind, type Pick, type Score } from "../signs";

export interface ImportMember {
  id: number;
  name: string;
  email: string | null;
  /**
   * Other names the peña's sheets call the member by (a placeholder linked or claimed, decision 063),
   * each with the id its lines were imported under, so an old line keeps its import key.
   */
  aliases?: readonly { name: string; keyId: number }[];
  /** The id a line's import key carries: the member's own unless the line named an alias. */
  keyId?: number;
}

export interface ImportJornada {
  id: number;
  number: number;
  numDouble: number;
  numTriple: number;
}

export interface LineError {
  line: number;
  message: string;
}

export interface ImportedPick {
  line: number;
  jornadaId: number;
  jornadaNumber: number;
  memberId: number;
  matches: Pick[];
  pleno: Score;
}

export interface ImportedMovement {
  line: number;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  memberId: number;
  kind: BaseKind;
  /** Signed as the member's balance sees it (decision 032). */
  amountCents: number;
  reference: string;
  /** What makes the line the same line when the file comes again: its date, member, amount, kind and reference (the backend stores the reference as its hash, decision 062). */
  importKey: string;
}

/** Names compare without case, accents or extra spaces: "José  García" is "jose garcia". */
export function nameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A name as written, without case or extra spaces but with its accents: "Lucía" is not "lucia" here. */
const exactKey = (name: string) => name.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Who a sheet's cell names: the member with that e-mail, else the one with that name as written
 * (accents kept), else the only one with that name without accents, else the only one who went by it
 * (an alias, decision 063). Several members the cell could be are returned all, to be refused.
 */
function memberFinder(members: readonly ImportMember[]) {
  const byEmail = new Map<string, ImportMember>();
  const exact = new Map<string, ImportMember[]>();
  const loose = new Map<string, ImportMember[]>();
  const alias = new Map<string, ImportMember[]>();
  const add = (map: Map<string, ImportMember[]>, key: string, m: ImportMember) => {
    const list = map.get(key) ?? [];
    if (!list.some((x) => x.id === m.id)) map.set(key, [...list, m]);
  };
  for (const m of members) {
    add(exact, exactKey(m.name), m);
    add(loose, nameKey(m.name), m);
    if (m.email) byEmail.set(m.email.trim().toLowerCase(), m);
  }
  // An old name never hides a member who goes by it now.
  for (const m of members) for (const a of m.aliases ?? []) if (!loose.has(nameKey(a.name))) add(alias, nameKey(a.name), { ...m, keyId: a.keyId });
  return (text: string): ImportMember | ImportMember[] | null => {
    const found = byEmail.get(text.trim().toLowerCase()) ?? exact.get(exactKey(text)) ?? loose.get(nameKey(text)) ?? alias.get(nameKey(text));
    return Array.isArray(found) ? (found.length === 1 ? found[0]! : found) : (found ?? null);
  };
}

/** Why a cell that could be several members is refused. */
const ambiguous = (text: string, found: readonly ImportMember[]) =>
  `«${text.trim()}» puede ser ${found.map((m) => `«${m.name}»`).join(" o ")}: escribe el nombre tal cual está en la peña.`;

const isHeader = (row: CsvRow, word: RegExp) => word.test(nameKey(row.cells[0] ?? ""));

// "M" is how the slip marks three goals or more (decision 030): read as 3, the least it can be.
const SCORE = /^\s*(\d{1,2}|m)\s*[-–:]\s*(\d{1,2}|m)\s*$/i;

// Spanish Excel reads a typed "2-1" as the 2nd of January: an .xlsx (or a CSV it saved) then holds 02/01/2026.
const SCORE_AS_DATE = /^\s*(\d{1,2})\/(\d{1,2})\/\d{4}\s*$/;

/**
 * A pleno as the export writes it: "2 - 1", with spaces, because Spanish Excel turns a typed or
 * opened "2-1" into the 2nd of January and "2:1" into a time, while "2 - 1" stays text; the
 * importers read it back (`parsePlenoText`), decision 063.
 */
export function plenoText(score: Score): string {
  return `${score.home} - ${score.away}`;
}

/** A pleno as a sheet writes it: "2-1", "2 - 1", "2:1", "M-1" (M: three goals or more, read as 3), or the date Excel made of "2-1" (02/01/2026); goals 0 to 10. */
export function parsePlenoText(text: string): Score | null {
  const m = SCORE.exec(text) ?? SCORE_AS_DATE.exec(text);
  if (!m) return null;
  const goals = (cell: string) => (/^m$/i.test(cell) ? 3 : Number(cell));
  const home = goals(m[1]!);
  const away = goals(m[2]!);
  return home <= 10 && away <= 10 ? { home, away } : null;
}

/** A cell of signs: "1", "x", "1X", "X2", "1X2" (spaces and slashes allowed); null when it is not made of 1, X and 2. */
export function parseSignCell(text: string): Pick | null {
  const s = text.toUpperCase().replace(/[\s/-]/g, "");
  if (s === "" || !/^[1X2]{1,3}$/.test(s)) return null;
  const pick = normalizePick(s);
  return pick.length === s.length ? pick : null;
}

/**
 * The classic sheet of one jornada: a header "Jornada 12" then the players' names (an optional
 * "Partido" column of match names after it), a row per match 1–14 and the pleno as row 15, a column
 * per player. Turned into picks rows (one per player, numbered with the header's line); null when
 * the rows are not such a sheet.
 */
export function fromJornadaSheet(rows: readonly CsvRow[]): CsvRow[] | null {
  const header = rows[0];
  const m = header && /^jornada\s*(\d{1,3})$/.exec(nameKey(header.cells[0] ?? ""));
  if (!m) return null;
  const labelled = nameKey(header.cells[1] ?? "") === "partido";
  const first = labelled ? 2 : 1;
  const body = rows.slice(1, 16);
  const out: CsvRow[] = [];
  for (let col = first; col < header.cells.length; col++) {
    const player = header.cells[col];
    if (!player) continue;
    out.push({ line: header.line, cells: [m[1], player, ...body.map((r) => r.cells[col] ?? "")] });
  }
  return out;
}

/** Picks file: jornada; jugador; 14 signs; pleno. The first row may be the header. */
export function checkPicks(rows: readonly CsvRow[], members: readonly ImportMember[], jornadas: readonly ImportJornada[]) {
  const findMember = memberFinder(members);
  const jornadaByNumber = new Map(jornadas.map((j) => [j.number, j]));
  const picks: ImportedPick[] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  const sheet = fromJornadaSheet(rows);
  for (const row of sheet ?? rows) {
    if (!sheet && row === rows[0] && isHeader(row, /^jornada/)) continue;
    const fail = (message: string) => errors.push({ line: row.line, message });
    const [jornadaText = "", playerText = "", ...rest] = row.cells;
    const number = /^\s*\d{1,3}\s*$/.test(jornadaText) ? Number(jornadaText) : NaN;
    const jornada = jornadaByNumber.get(number);
    if (!jornada) {
      fail(
        Number.isNaN(number)
          ? `«${jornadaText}» no es un número de jornada.`
          : `La jornada ${number} no existe en la temporada: si ya se jugó, créala en «Jornadas pasadas» con un archivo de jornadas.`,
      );
      continue;
    }
    const member = findMember(playerText);
    if (!member || Array.isArray(member)) {
      fail(
        Array.isArray(member)
          ? ambiguous(playerText, member)
          : playerText.trim() === ""
            ? "Falta el nombre del jugador."
            : `«${playerText}» no es un miembro de la peña.`,
      );
      continue;
    }
    const signCells = rest.slice(0, MATCHES);
    if (signCells.filter((c) => c !== "").length < MATCHES) {
      fail(`Faltan signos: la línea tiene ${signCells.filter((c) => c !== "").length} de ${MATCHES}.`);
      continue;
    }
    const matches: Pick[] = [];
    const bad = signCells.findIndex((c) => {
      const pick = parseSignCell(c);
      if (pick) matches.push(pick);
      return pick === null;
    });
    if (bad >= 0) {
      fail(`El partido ${bad + 1} tiene «${signCells[bad]}»: los signos son 1, X o 2 (dobles y triples como 1X o 1X2).`);
      continue;
    }
    const doubles = matches.filter((p) => pickKind(p) === "double").length;
    const triples = matches.filter((p) => pickKind(p) === "triple").length;
    if (triples > 0 && jornada.numTriple === 0) {
      fail(`Hay ${triples === 1 ? "un triple" : `${triples} triples`} y el tipo de la jornada ${jornada.number} no admite triples.`);
      continue;
    }
    if (doubles !== jornada.numDouble || triples !== jornada.numTriple) {
      fail(`La jornada ${jornada.number} pide ${jornada.numDouble} doble(s) y ${jornada.numTriple} triple(s); la línea tiene ${doubles} y ${triples}.`);
      continue;
    }
    const plenoText = rest[MATCHES] ?? "";
    const pleno = parsePlenoText(plenoText);
    if (!pleno) {
      fail(
        plenoText === ""
          ? "Falta el pleno al quince (escríbelo como 2-1)."
          : `El pleno «${plenoText}» no es un resultado: escríbelo como 2-1 (goles de 0 a 10).`,
      );
      continue;
    }
    const key = `${jornada.id}:${member.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail(`Línea repetida: la jornada ${jornada.number} de ${member.name} ya está en la línea ${first}.`);
      continue;
    }
    seen.set(key, row.line);
    picks.push({ line: row.line, jornadaId: jornada.id, jornadaNumber: jornada.number, memberId: member.id, matches, pleno });
  }
  return { picks, errors };
}

const KIND_WORDS: Record<string, BaseKind> = {
  pago: "payment",
  cuota: "quota",
  boleto: "ticket",
  premio: "prize",
  multa: "fine",
  reparto: "payout",
};

/** A date as a sheet writes it: 31/01/2026, 31-01-2026, 31/1/26 or 2026-01-31 → "2026-01-31"; null if it is no calendar date. */
export function parseSheetDate(text: string): string | null {
  const s = text.trim().split(/[\sT]/)[0];
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s))) {
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y < 100) y += 2000;
  } else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Movements file: fecha; miembro; importe; tipo; referencia. The amount is written as the member
 * sees it ("20,00" paid, "-2,00" charged) or unsigned, the kind deciding the sign. Two identical
 * lines are refused as a repeat: two equal Bizums of one day differ by their reference.
 */
/** A movement's reference, as the caja's form takes it. */
export const REFERENCE_MAX = 120;

export function checkMovements(rows: readonly CsvRow[], members: readonly ImportMember[]) {
  const findMember = memberFinder(members);
  const movements: ImportedMovement[] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row === rows[0] && isHeader(row, /^fecha/)) continue;
    const fail = (message: string) => errors.push({ line: row.line, message });
    const [dateText = "", memberText = "", amountText = "", kindText = "", reference = ""] = row.cells;
    const date = parseSheetDate(dateText);
    if (!date) {
      fail(`«${dateText}» no es una fecha: escríbela como 31/01/2026.`);
      continue;
    }
    const member = findMember(memberText);
    if (!member || Array.isArray(member)) {
      fail(
        Array.isArray(member) ? ambiguous(memberText, member) : memberText.trim() === "" ? "Falta el miembro." : `«${memberText}» no es un miembro de la peña.`,
      );
      continue;
    }
    const kind = KIND_WORDS[nameKey(kindText)] ?? (kindText.trim() === "" ? "payment" : null);
    if (!kind || kind === "ticket") {
      fail(`El tipo «${kindText}» no vale para un miembro: usa Pago, Cuota, Multa, Reparto o Premio.`);
      continue;
    }
    const amount = parseEuros(amountText, { allowNegative: true, maxCents: 100_000_000 });
    if (!amount.ok || amount.cents === 0) {
      fail(`El importe «${amountText}» no es una cantidad de dinero: escríbelo como 20,00.`);
      continue;
    }
    const signed = Math.abs(amount.cents) * KIND_SIGN[kind];
    if (amount.cents < 0 && KIND_SIGN[kind] === 1) {
      fail(`El importe ${amountText} no casa con el tipo «${kindText}»: un pago o un premio suman, una cuota, una multa o un reparto restan.`);
      continue;
    }
    // The caja form's own limit (`reference` in core/contract/caja.ts), so the confirm stores what the preview took.
    if (reference.trim().length > REFERENCE_MAX) {
      fail(`La referencia tiene ${reference.trim().length} caracteres: la caja admite ${REFERENCE_MAX} como mucho.`);
      continue;
    }
    const base = [date, member.keyId ?? member.id, signed, kind, reference.trim()].join("|");
    const first = seen.get(base);
    if (first !== undefined) {
      fail(`Línea repetida: es igual que la línea ${first} (distingue dos pagos iguales con la referencia).`);
      continue;
    }
    seen.set(base, row.line);
    movements.push({ line: row.line, date, memberId: member.id, kind, amountCents: signed, reference: reference.trim(), importKey: `import:${base}` });
  }
  return { movements, errors };
}

/** Each member's balance after the movements, added to what they had. */
export function balancesAfter(movements: readonly ImportedMovement[], before: ReadonlyMap<number, number> = new Map()): Map<number, number> {
  const out = new Map(before);
  for (const m of movements) out.set(m.memberId, (out.get(m.memberId) ?? 0) + m.amountCents);
  return out;
}

export interface ImportedMemberLine {
  line: number;
  name: string;
  email: string;
  /** The group's member this line is, when there is one (by e-mail, else by name). */
  memberId: number | null;
}

const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/**
 * Members file: nombre; e-mail. A line that is already a member, by its e-mail, is matched, not
 * created again. A name is not an identity (decision 063): a namesake with another e-mail is a new
 * person, unless the peña already has someone by exactly that name, when the line is refused so
 * the sheets can tell the two apart.
 */
export function checkMembers(rows: readonly CsvRow[], members: readonly ImportMember[]) {
  const lines: ImportedMemberLine[] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row === rows[0] && isHeader(row, /^nombre/)) continue;
    const fail = (message: string) => errors.push({ line: row.line, message });
    const [name = "", emailText = ""] = row.cells;
    const email = emailText.trim().toLowerCase();
    if (name.trim() === "") {
      fail("Falta el nombre del miembro.");
      continue;
    }
    if (name.trim().length > 50) {
      fail("El nombre es demasiado largo: 50 caracteres como mucho.");
      continue;
    }
    if (!EMAIL.test(email)) {
      fail(email === "" ? `Falta el e-mail de ${name.trim()}: con él se unirá a su cuenta.` : `«${emailText}» no es un e-mail.`);
      continue;
    }
    const first = seen.get(email) ?? seen.get(nameKey(name));
    if (first !== undefined) {
      fail(`Línea repetida: ese nombre o ese e-mail ya está en la línea ${first}.`);
      continue;
    }
    seen.set(email, row.line);
    seen.set(nameKey(name), row.line);
    const member = members.find((m) => m.email?.trim().toLowerCase() === email);
    const namesake = members.find((m) => exactKey(m.name) === exactKey(name));
    if (!member && namesake) {
      fail(
        `En la peña ya hay un miembro llamado «${namesake.name}» con otro e-mail. Si es la misma persona, escribe el e-mail de su cuenta; ` +
          "si es otra, escríbela con otro nombre (por ejemplo, con su apellido).",
      );
      continue;
    }
    lines.push({ line: row.line, name: name.trim(), email, memberId: member?.id ?? null });
  }
  return { lines, errors };
}
