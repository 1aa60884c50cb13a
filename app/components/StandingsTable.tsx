import { Link } from "@remix-run/react";
import type { ClassificationRow, ClassificationSort, Icon } from "#core/contract/classification";
import { IconGlyph } from "~/components/IconGlyph";

export const ICONS: Record<Icon, { name: string; meaning: string }> = {
  burro: { name: "Burro", meaning: "líder de la clasificación por puntos" },
  pina: { name: "Piña", meaning: "menos puntos sin contar a quien tiene cero" },
  bola: { name: "Bola", meaning: "más aciertos en la última jornada con resultados" },
  rinoceronte: { name: "Rinoceronte", meaning: "menos aciertos en la última jornada con resultados" },
};

const points = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("es-ES", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wilson = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

export const formatPoints = (n: number) => points.format(n);
export const formatAccuracy = (n: number) => percent.format(n);
export const formatWilson = (n: number) => wilson.format(n);

interface Column {
  sort?: ClassificationSort;
  label: string;
  abbr?: string;
  num?: boolean;
}

const COLUMNS: Column[] = [
  { label: "Posición", abbr: "Pos.", num: true },
  { label: "Jugador", sort: "name" },
  { label: "Puntos", sort: "points", num: true },
  { label: "Aciertos simples", abbr: "Simples", num: true },
  { label: "Aciertos dobles", abbr: "Dobles", num: true },
  { label: "Plenos al 15", abbr: "Plenos", num: true },
  { label: "Aciertos totales", abbr: "Aciertos", sort: "hits", num: true },
  { label: "Precisión", sort: "accuracy", num: true },
  { label: "Wilson", sort: "wilson", num: true },
];

function IconMarks({ icons }: { icons: Icon[] }) {
  if (!icons.length) return null;
  return (
    <span className="icons">
      {icons.map((icon) => (
        <span key={icon} className="icon-pill" role="img" aria-label={`${ICONS[icon].name}: ${ICONS[icon].meaning}`} title={ICONS[icon].meaning}>
          <IconGlyph icon={icon} /> {ICONS[icon].name}
        </span>
      ))}
    </span>
  );
}

/**
 * The standings of spec section 3. `sortHref` turns the sortable headers into plain links (no
 * script needed); without it the headers are text. `showIcons` is the group's 'Iconos y premios
 * de oficina' setting: the four icons are an office custom.
 */
export function StandingsTable({
  rows,
  sort = "points",
  sortHref,
  caption,
  showIcons = true,
}: {
  rows: ClassificationRow[];
  sort?: ClassificationSort;
  sortHref?: (sort: ClassificationSort) => string;
  caption: string;
  showIcons?: boolean;
}) {
  return (
    <div className="table-wrap">
      <table className="standings">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={c.num ? "num" : undefined}
                aria-sort={c.sort && c.sort === sort ? (c.sort === "name" ? "ascending" : "descending") : undefined}
              >
                {c.sort && sortHref ? (
                  <Link to={sortHref(c.sort)} aria-current={c.sort === sort ? "true" : undefined} title={`Ordenar por ${c.label.toLowerCase()}`}>
                    {c.abbr ?? c.label}
                  </Link>
                ) : c.abbr ? (
                  <abbr title={c.label}>{c.abbr}</abbr>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId} className={r.isSubGroup ? "subgroup" : undefined}>
              <td className="num">{r.position}</td>
              <th scope="row">
                <div className="player">
                  <img src={r.avatarPath || "/default-avatar.png"} alt="" width="28" height="28" className="avatar" />
                  <span>{r.userName}</span>
                  {r.isSubGroup ? (
                    <span className="badge" title="Entre los 5 mejores por Wilson: juega la quiniela grupal">
                      Top 5
                    </span>
                  ) : null}
                  {showIcons ? <IconMarks icons={r.icons} /> : null}
                </div>
              </th>
              <td className="num">{formatPoints(r.totalPoints)}</td>
              <td className="num">
                {r.simpleHits}/{r.simpleTotal}
              </td>
              <td className="num">
                {r.dobleHits}/{r.dobleTotal}
              </td>
              <td className="num">
                {r.pleno15Hits}/{r.pleno15Total}
              </td>
              <td className="num">
                {r.hits}/{r.n}
              </td>
              <td className="num">{formatAccuracy(r.accuracy)}</td>
              <td className="num">{formatWilson(r.wilson)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StandingsLegend({ showIcons = true }: { showIcons?: boolean }) {
  return (
    <dl className="legend">
      <div>
        <dt>
          <span className="badge">Top 5</span>
        </dt>
        <dd>los 5 mejores por Wilson: forman la quiniela grupal.</dd>
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
