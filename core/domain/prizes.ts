import { parseEuros, type Cents } from "./money";
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

export const EMPTY_PRIZES: Readonly<Record<Category, null>> = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, null>;
