/**
 * How the office screen splits the standings: a group that fits one screen shows on one page; a
 * bigger one is cut into balanced pages that the screen's own refresh rotates through. Every row
 * lands on exactly one page, in standings order.
 */
const KIOSK_ROWS_PER_PAGE = 24;
/** Above this many rows a page shows them in two columns side by side, so the type stays large. */
const KIOSK_ROWS_PER_COLUMN = 12;

interface KioskPage<T> {
  /** 1-based. */
  page: number;
  pages: number;
  /** The page's rows, one array per column on screen. */
  columns: T[][];
  /** The longest column: the screen sizes its rows by it. */
  rowsPerColumn: number;
}

/** The page to show for `?pagina=` (any junk, or past the end, wraps into range). */
export function kioskPage<T>(rows: readonly T[], requested: number): KioskPage<T> {
  const pages = Math.max(1, Math.ceil(rows.length / KIOSK_ROWS_PER_PAGE));
  const page = Number.isInteger(requested) && requested >= 1 ? ((requested - 1) % pages) + 1 : 1;
  // Balanced: 40 rows make two pages of 20, not 24 and 16.
  const size = Math.ceil(rows.length / pages);
  const onPage = rows.slice((page - 1) * size, page * size);
  const split = onPage.length > KIOSK_ROWS_PER_COLUMN ? Math.ceil(onPage.length / 2) : onPage.length;
  const columns = split === onPage.length ? [onPage] : [onPage.slice(0, split), onPage.slice(split)];
  return { page, pages, columns, rowsPerColumn: Math.max(1, split) };
}

/** The page the next refresh shows: the one after, wrapping to the first. */
export const nextKioskPage = (p: { page: number; pages: number }) => (p.page % p.pages) + 1;
