import { parseEuros, type Cents } from "../money";
import { CATEGORIES, type Category } from "./scrutiny";

/**
 * The official prize per winning bet of each category of a jornada (its escrutinio), in cents
 * (decision 034). Read leniently from what an admin pastes or the lottery answers: an amount that
 * cannot be read is left out, never guessed.
 */
export type PrizeTable = Partial<Record<Category, Cents>>;

/** The category a label names: "Especial", "1ª", "1a", "Primera", "1ª (14 Aciertos)", "14 aciertos", "Pleno al 15". */
export function categoryOf(label: string): Category | null {
  const t = label
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/^categoria\s*/, "");
  if (/^\s*(categoria\s*)?(especial|pleno)|^\s*15\s*aciertos/.test(t)) return "especial";
  const words: [RegExp, Category][] = [
    [/^\s*(1|primera)\b|^\s*1\s*[ªºa.]/, "primera"],
    [/^\s*(2|segunda)\b|^\s*2\s*[ªºa.]/, "segunda"],
    [/^\s*(3|tercera)\b|^\s*3\s*[ªºa.]/, "tercera"],
    [/^\s*(4|cuarta)\b|^\s*4\s*[ªºa.]/, "cuarta"],
    [/^\s*(5|quinta)\b|^\s*5\s*[ªºa.]/, "quinta"],
  ];
  for (const [re, c] of words) if (re.test(t)) return c;
  const hits = /(\d+)\s*aciertos/.exec(t);
  if (hits) return ({ "14": "primera", "13": "segunda", "12": "tercera", "11": "cuarta", "10": "quinta" } as Record<string, Category>)[hits[1]] ?? null;
  return null;
}

/** An amount as the lottery or a person writes it: a number in euros, "1.234,56 €", "1234.56" (a dot followed by exactly two digits at the end). */
export function amountToCents(value: unknown): Cents | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  if (typeof value !== "string") return null;
  let text = value.replace(/€|eur(os)?/gi, "").trim();
  // "1234.56" and "1,234.56" as an English-style figure: only when the last separator is a dot followed by two digits.
  if (/^\d{1,3}(,\d{3})*\.\d{2}$|^\d+\.\d{2}$/.test(text)) text = text.replace(/,/g, "").replace(".", ",");
  const parsed = parseEuros(text);
  return parsed.ok ? parsed.cents : null;
}

/**
 * A pasted official prize table, one category a line: "1ª (14 Aciertos) 12 1.234,56 €",
 * "Especial 0 0,00", "5ª 123.456 1,50 €". The prize per winning bet is the line's last amount; the
 * winners' count before it is ignored. Lines that name no category or have no amount are skipped.
 */
export function parsePrizeTable(text: string): PrizeTable {
  const table: PrizeTable = {};
  for (const line of text.split(/\r?\n/)) {
    const category = categoryOf(line);
    if (!category || category in table) continue;
    // The label's own numbers ("1ª", "14 Aciertos", "al 15") are not amounts: read after them.
    const rest = line.replace(
      /^\s*(categor[ií]a\s*)?(especial|pleno al 15|\d\s*[ªºa.]?|primera|segunda|tercera|cuarta|quinta)\s*(\(?\s*(\d+\s*aciertos|14\s*\+\s*pleno[^)]*)\s*\)?)?/i,
      "",
    );
    const amounts = rest.match(/\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?/g) ?? [];
    // The prize is the last amount; a line "… 12 1.234,56 €" carries the winners first.
    const last = amounts.at(-1);
    const cents = last === undefined ? null : amountToCents(last);
    if (cents !== null) table[category] = cents;
  }
  return table;
}

/**
 * The lottery's escrutinio, read loosely (its field names are not in our recorded answers): an
 * array of objects, each with a category (`categoria`, `tipo`, `nombre`, `descripcion`) and a prize
 * per bet (`premio`, `importe`, `premio_apuesta`). Anything else gives an empty table, never an error.
 */
export function prizesFromEscrutinio(escrutinio: unknown): PrizeTable {
  const table: PrizeTable = {};
  if (!Array.isArray(escrutinio)) return table;
  for (const entry of escrutinio) {
    if (!entry || typeof entry !== "object") continue;
    const e = entry as Record<string, unknown>;
    const label = [e.categoria, e.tipo, e.nombre, e.descripcion].find((v) => typeof v === "string" || typeof v === "number");
    const category = label === undefined ? null : categoryOf(String(label));
    const amount = [e.premio, e.importe, e.premio_apuesta, e.premioApuesta].find((v) => v !== undefined && v !== null);
    const cents = amountToCents(typeof amount === "number" ? amount : amount === undefined ? undefined : String(amount));
    if (category && cents !== null && !(category in table)) table[category] = cents;
  }
  return table;
}

/** What the operator's escrutinio says: nothing yet, every category's prize, or a body that cannot be trusted (and why). */
export type EscrutinioReading = { status: "none" } | { status: "ok"; prizes: Record<Category, Cents> } | { status: "refused"; reason: string };

const LABEL: Record<Category, string> = { especial: "Especial", primera: "1ª", segunda: "2ª", tercera: "3ª", cuarta: "4ª", quinta: "5ª" };

/**
 * The two numberings of a numeric `categoria` seen in public readers of the operator (decision 064):
 * one counts the Especial as 1 and the 1ª as 2 (jcmallo/1X2 takes `categoria == 2` as 14 aciertos),
 * the other the Especial as 0 and the 1ª as 1. `offset` is the Especial's number; rows numbered 1–5
 * alone fit both, and are not read.
 */
export const numberedAs = (offset: number, n: number): Category | null => (n - offset >= 0 && n - offset < CATEGORIES.length ? CATEGORIES[n - offset] : null);

/**
 * The escrutinio as the operator answers it, read strictly (decision 064): each row's category from
 * its label first (`tipo`, `nombre`, `descripcion`, or a `categoria` in words, "1ª (14 Aciertos)");
 * a bare number only when every numbered row fits one numbering alone (a labelled row with its number
 * settles it, else a 0 or a 6 does). A row that names no category, an amount that cannot be read, two
 * prizes for one category or a category missing refuses the whole escrutinio: it is never stored in part.
 */
export function readEscrutinio(escrutinio: unknown): EscrutinioReading {
  if (escrutinio === undefined || escrutinio === null || (Array.isArray(escrutinio) && escrutinio.length === 0)) return { status: "none" };
  if (!Array.isArray(escrutinio)) return { status: "refused", reason: "el escrutinio no es una lista" };
  const rows: { category: Category | null; number: number | null; cents: Cents; at: number }[] = [];
  for (const [i, entry] of escrutinio.entries()) {
    if (!entry || typeof entry !== "object") return { status: "refused", reason: `la fila ${i + 1} no es un objeto` };
    const e = entry as Record<string, unknown>;
    const numeric = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : null);
    const number = numeric(e.categoria);
    const labels = [e.tipo, e.nombre, e.descripcion, number === null ? e.categoria : undefined].filter(
      (v): v is string => typeof v === "string" && v.trim() !== "",
    );
    const category = labels.map(categoryOf).find((c) => c !== null) ?? null;
    if (!category && number === null) return { status: "refused", reason: `la fila ${i + 1} no dice su categoría` };
    const amount = [e.premio, e.importe, e.premio_apuesta, e.premioApuesta].find((v) => v !== undefined && v !== null);
    const cents = typeof amount === "number" || typeof amount === "string" ? amountToCents(amount) : null;
    if (cents === null) return { status: "refused", reason: `el premio de la fila ${i + 1} no se entiende (${JSON.stringify(amount ?? null)})` };
    rows.push({ category, number, cents, at: i + 1 });
  }
  // The numbering: what the labelled rows with a number say, else what the numbers alone allow.
  const offsets = new Set<number>();
  for (const r of rows)
    if (r.category && r.number !== null) {
      const fits = [0, 1].filter((o) => numberedAs(o, r.number!) === r.category);
      if (!fits.length) return { status: "refused", reason: `la fila ${r.at} dice «${LABEL[r.category]}» y categoría ${r.number}` };
      if (fits.length === 1) offsets.add(fits[0]);
    }
  if (!offsets.size)
    for (const offset of [0, 1])
      if (rows.some((r) => r.number !== null && numberedAs(1 - offset, r.number) === null && numberedAs(offset, r.number))) offsets.add(offset);
  if (offsets.size > 1 && rows.every((r) => r.category)) return { status: "refused", reason: "sus filas numeran las categorías de dos maneras" };
  const table: PrizeTable = {};
  for (const r of rows) {
    let category = r.category;
    if (!category) {
      if (offsets.size !== 1)
        return { status: "refused", reason: `la categoría ${r.number} de la fila ${r.at} puede ser dos categorías distintas según la numeración` };
      category = numberedAs([...offsets][0], r.number!);
      if (!category) return { status: "refused", reason: `la categoría ${r.number} de la fila ${r.at} no existe` };
    }
    if (table[category] !== undefined && table[category] !== r.cents) return { status: "refused", reason: `la categoría ${LABEL[category]} trae dos premios` };
    table[category] = r.cents;
  }
  const missing = CATEGORIES.filter((c) => table[c] === undefined);
  if (missing.length) return { status: "refused", reason: `faltan las categorías ${missing.map((c) => LABEL[c]).join(", ")}` };
  return { status: "ok", prizes: table as Record<Category, Cents> };
}
