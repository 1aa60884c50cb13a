import { Fragment } from "react";
import type { ClassificationRow, ClassificationSort, Icon } from "#core/contract/standings";
import { IconGlyph } from "~/components/IconGlyph";
import { Avatar } from "~/components/Avatar";

export const ICONS: Record<Icon, { name: string; meaning: string }> = {
  burro: { name: "Burro", meaning: "líder de la clasificación por puntos" },
  pina: { name: "Piña", meaning: "menos puntos sin contar a quien tiene cero" },
  bola: { name: "Bola", meaning: "más aciertos en la última jornada con resultados" },
  rinoceronte: { name: "Rinoceronte", meaning: "menos aciertos en la última jornada con resultados" },
};

/** The badge of the season's best five by Wilson, said the same in the row, the legend, a player's figures and the kiosk. */
export const TOP_FIVE = { name: "Top 5 Wilson", meaning: "los 5 mejores de la temporada por Wilson, que juegan la quiniela grupal" };

const points = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("es-ES", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wilson = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

export const formatPoints = (n: number) => points.format(n);
const formatAccuracy = (n: number) => percent.format(n);
const formatWilson = (n: number) => wilson.format(n);

interface Column {
  sort?: ClassificationSort;
  label: string;
  abbr?: string;
  /** What the figure counts, for the header's tooltip and the phone's list. */
  means?: string;
  /** Shown as its own column only on wider screens; on a phone it sits in the row's "Más datos". */
  wide?: boolean;
  cell: (r: ClassificationRow) => string;
}

// Decision 013: "Aciertos" is the game's count (triples in, max 15 a round); accuracy and Wilson
// keep their base without triples, and say so.
const COLUMNS: Column[] = [
  { label: "Puntos", sort: "points", cell: (r) => formatPoints(r.totalPoints) },
  {
    label: "Aciertos",
    sort: "hits",
    means: "partidos cuyo signo oficial está entre los elegidos (también con triple) más el pleno exacto: hasta 15 por jornada",
    wide: true,
    cell: (r) => String(r.allHits),
  },
  { label: "Aciertos simples", abbr: "Simples", means: "aciertos / partidos jugados a un signo", wide: true, cell: (r) => `${r.simpleHits}/${r.simpleTotal}` },
  { label: "Aciertos dobles", abbr: "Dobles", means: "aciertos / partidos jugados a doble", wide: true, cell: (r) => `${r.dobleHits}/${r.dobleTotal}` },
  { label: "Plenos al 15", abbr: "Plenos", means: "plenos exactos / jornadas", wide: true, cell: (r) => `${r.pleno15Hits}/${r.pleno15Total}` },
  {
    label: "Aciertos sin triples",
    abbr: "Sin triples",
    means: "aciertos de simples, dobles y plenos / sus pronósticos: la base de la precisión y de Wilson",
    wide: true,
    cell: (r) => `${r.hits}/${r.n}`,
  },
  { label: "Precisión", sort: "accuracy", means: "aciertos sin triples entre pronósticos sin triples", wide: true, cell: (r) => formatAccuracy(r.accuracy) },
  { label: "Wilson", sort: "wilson", means: "límite inferior de Wilson (z = 1,96) de la precisión", wide: true, cell: (r) => formatWilson(r.wilson) },
];

export interface StandingsTableProps {
  rows: ClassificationRow[];
  sort?: ClassificationSort;
  sortHref?: (sort: ClassificationSort) => string;
  caption: string;
  /** One round's standings: "Aciertos" is then that round's count, out of 15. */
  perRound?: boolean;
  showIcons?: boolean;
  /** Where a player's name leads: their figures in words, one at a time, outside the table. */
  playerHref?: (userId: number) => string;
}

function IconMarks({ icons }: { icons: Icon[] }) {
  if (!icons.length) return null;
  return (
    <span className="icons">
      {icons.map((icon, i) => (
        <Fragment key={icon}>
          {i ? " " : null}
          <span className="icon-pill" role="img" aria-label={`${ICONS[icon].name}: ${ICONS[icon].meaning}`} title={ICONS[icon].meaning}>
            <IconGlyph icon={icon} /> {ICONS[icon].name}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

function Header({
  label,
  abbr,
  sort: by,
  means,
  current,
  sortHref,
}: Column & { current: ClassificationSort; sortHref?: (sort: ClassificationSort) => string }) {
  const title = means ? `${label}: ${means}` : label;
  if (by && sortHref) {
    return (
      <a href={sortHref(by)} aria-current={by === current ? "true" : undefined} title={`${title}. Ordenar por ${label.toLowerCase()}`}>
        {abbr ?? label}
      </a>
    );
  }
  return abbr || means ? <abbr title={title}>{abbr ?? label}</abbr> : <>{label}</>;
}

/**
 * The standings (docs/architecture.md#points-accuracy-and-wilson). `sortHref` turns the sortable headers into plain links (no
 * script needed); without it the headers are text. On a phone the table keeps
 * position, player (with badges and icons) and points, so nothing scrolls sideways; the other
 * figures are one tap away: the name links (`playerHref`) to that player's `PlayerFigures`, shown
 * outside the table. From 48rem up they are columns again. The table holds nothing but its rows,
 * one per player, so a text browser or a screen reader reads it as a table (decision 075).
 * `showIcons` is the group's 'Iconos y premios de oficina' setting: the four icons are an office custom.
 * Plain `<a>` links and no context: the table is rendered on its own and kept (decision 027), and
 * goes inside a `<div className="table-wrap standings-wrap">` that scrolls it on a narrow screen.
 */
const columnsOf = (perRound: boolean) =>
  perRound ? COLUMNS.map((c) => (c.sort === "hits" ? { ...c, cell: (r: ClassificationRow) => `${r.allHits} de 15` } : c)) : COLUMNS;

export function StandingsTable({ rows, sort = "points", sortHref, caption, perRound = false, showIcons = true, playerHref }: StandingsTableProps) {
  const columns = columnsOf(perRound);
  return (
    <table className="standings">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="num">
            <abbr title="Posición">Pos.</abbr>
          </th>
          <th scope="col" aria-sort={sort === "name" ? "ascending" : undefined}>
            {sortHref ? (
              <a href={sortHref("name")} aria-current={sort === "name" ? "true" : undefined} title="Ordenar por jugador">
                Jugador
              </a>
            ) : (
              "Jugador"
            )}
          </th>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.wide ? "num wide" : "num"} aria-sort={c.sort && c.sort === sort ? "descending" : undefined}>
              <Header {...c} current={sort} sortHref={sortHref} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.userId} className={r.isSubGroup ? "subgroup" : undefined}>
            {/* The body's cells carry no class: 200 rows × 9 attributes were 20 % of the table's bytes.
                app.css aligns them (all figures) and hides the wide ones on a phone by their column. */}
            <td>{r.position}</td>
            <th scope="row">
              <div className="player">
                <Avatar path={r.avatarPath} size={28} />
                {playerHref ? (
                  <a className="name" href={playerHref(r.userId)} title={`Todas las cifras de ${r.userName}`}>
                    {r.userName}
                  </a>
                ) : (
                  <span className="name">{r.userName}</span>
                )}
                {/* The spaces keep a text browser from gluing the badges to the name. The top 5 go by
                    Wilson, not points, so 6th on points may wear it: the badge says so (decision 065). */}
                {r.isSubGroup ? (
                  <>
                    {" "}
                    <span className="badge" title={TOP_FIVE.meaning}>
                      {TOP_FIVE.name}
                    </span>
                  </>
                ) : null}
                {showIcons && r.icons.length ? (
                  <>
                    {" "}
                    <IconMarks icons={r.icons} />
                  </>
                ) : null}
              </div>
            </th>
            {columns.map((c) => (
              <td key={c.label}>{c.cell(r)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One player's figures in words, the view a name in the table links to (decision 075): on a phone
 * the table shows only points, and a text browser would otherwise print every row's figures twice.
 * Each badge and icon the row wears is said here with what it means (a title is not read on a phone).
 */
export function PlayerFigures({
  row,
  perRound = false,
  showIcons = true,
  closeHref,
}: {
  row: ClassificationRow;
  perRound?: boolean;
  showIcons?: boolean;
  closeHref: string;
}) {
  const marks = [...(row.isSubGroup ? [TOP_FIVE] : []), ...(showIcons ? row.icons.map((icon) => ICONS[icon]) : [])];
  return (
    <section id="cifras" className="card player-figures" aria-labelledby="cifras-titulo">
      <h2 id="cifras-titulo">Cifras de {row.userName}</h2>
      <dl>
        <dt>Posición</dt>
        <dd>{row.position}</dd>
        {columnsOf(perRound).map((c) => (
          <Fragment key={c.label}>
            <dt>{c.label}</dt>
            <dd>{c.cell(row)}</dd>
          </Fragment>
        ))}
      </dl>
      {marks.length ? (
        <ul className="player-marks">
          {marks.map((m) => (
            <li key={m.name}>
              <strong>{m.name}</strong>: {m.meaning}.
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <a href={closeHref}>Volver a la clasificación</a>
      </p>
    </section>
  );
}

export function StandingsLegend({ showIcons = true }: { showIcons?: boolean }) {
  return (
    <dl className="legend">
      <div>
        <dt>
          <span className="badge">{TOP_FIVE.name}</span>
        </dt>
        <dd>{TOP_FIVE.meaning}.</dd>
      </div>
      <div>
        <dt>Aciertos</dt>
        <dd>partidos cuyo signo oficial está entre los elegidos (también con triple) más el pleno exacto: hasta 15 por jornada.</dd>
      </div>
      <div>
        <dt>Precisión y Wilson</dt>
        <dd>se calculan sin los triples (un triple no puede fallar): aciertos sin triples entre pronósticos sin triples.</dd>
      </div>
      {(showIcons ? (Object.keys(ICONS) as Icon[]) : []).map((icon) => (
        <div key={icon}>
          <dt>
            <IconGlyph icon={icon} /> {ICONS[icon].name}
          </dt>
          <dd>{ICONS[icon].meaning}.</dd>
        </div>
      ))}
    </dl>
  );
}
