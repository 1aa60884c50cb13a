import sharp from "sharp";
import type { SharedView } from "#core/contract/share";
import { formatEuros } from "#core/domain/money";

/** The preview's size, the one chat apps and social networks crop least (1.91:1). */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function frame(title: string, body: string, footer: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" font-family="${FONT}">
<rect width="100%" height="100%" fill="#f6f7f9"/>
<rect width="100%" height="84" fill="#0b5cab"/>
<text x="40" y="56" font-size="34" font-weight="700" fill="#fff">${esc(cut(title, 56))}</text>
${body}
<text x="40" y="${IMAGE_HEIGHT - 14}" font-size="22" fill="#333">${esc(footer)}</text>
<text x="${IMAGE_WIDTH - 40}" y="${IMAGE_HEIGHT - 14}" font-size="20" fill="#0b5cab" text-anchor="end">Quiniela de peñas</text>
</svg>`;
}

/** The group bet as a slip: a line per match with its three boxes, the chosen ones filled. */
function betSvg(view: SharedView): string {
  const bet = view.bet!;
  const ticket = bet.ticket;
  const rowH = 31;
  const rows = bet.matches
    .filter((m) => m.position <= 15)
    .map((m) => {
      const y = 96 + (m.position - 1) * rowH;
      const label = `<text x="40" y="${y + 22}" font-size="20" fill="#555">${m.position}</text><text x="84" y="${y + 22}" font-size="21" fill="#111">${esc(cut(`${m.home} - ${m.away}`, 52))}</text>`;
      if (m.position === 15) {
        const pleno = ticket?.pleno ? `${ticket.pleno.home} - ${ticket.pleno.away}` : "-";
        return `${label}<rect x="880" y="${y + 2}" width="220" height="26" rx="4" fill="#0b5cab"/><text x="990" y="${y + 22}" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">Pleno ${esc(pleno)}</text>`;
      }
      const pick = ticket?.picks[m.position - 1] ?? [];
      const boxes = (["1", "X", "2"] as const)
        .map((s, i) => {
          const x = 880 + i * 80;
          const on = pick.includes(s);
          return `<rect x="${x}" y="${y + 2}" width="60" height="26" rx="4" fill="${on ? "#111" : "#fff"}" stroke="#999"/><text x="${x + 30}" y="${y + 22}" font-size="20" font-weight="700" fill="${on ? "#fff" : "#999"}" text-anchor="middle">${s}</text>`;
        })
        .join("");
      return label + boxes;
    })
    .join("\n");
  const footer = ticket
    ? `${ticket.bets} ${ticket.bets === 1 ? "apuesta" : "apuestas"} · ${formatEuros(ticket.costCents)}${ticket.hits === null ? "" : ` · ${ticket.hits} aciertos`}`
    : "Quiniela grupal todavía sin hacer";
  return frame(view.title, rows, footer);
}

/** The top of the standings: position, name and points, large. */
function standingsSvg(view: SharedView): string {
  const rows = view.standings!.rows;
  const rowH = 48;
  const body = rows.length
    ? rows
        .map((r, i) => {
          const y = 100 + i * rowH;
          const shade = i % 2 ? "" : `<rect x="30" y="${y}" width="${IMAGE_WIDTH - 60}" height="${rowH}" fill="#e8eef6"/>`;
          return `${shade}<text x="60" y="${y + 34}" font-size="28" font-weight="700" fill="#0b5cab">${r.position}</text><text x="130" y="${y + 34}" font-size="28" fill="#111">${esc(cut(r.userName, 40))}</text><text x="${IMAGE_WIDTH - 60}" y="${y + 34}" font-size="28" font-weight="700" fill="#111" text-anchor="end">${esc(r.totalPoints.toLocaleString("es-ES", { maximumFractionDigits: 2, useGrouping: false }))} pts</text>`;
        })
        .join("\n")
    : `<text x="40" y="200" font-size="32" fill="#333">Todavía sin puntos.</text>`;
  return frame(view.title, body, view.standings?.seasonName ? `Temporada ${view.standings.seasonName}` : "");
}

export function shareImageSvg(view: SharedView): string {
  return view.kind === "bet" ? betSvg(view) : standingsSvg(view);
}

/** The preview as a PNG (SVG drawn by sharp): flat colours, so a palette keeps it small. */
export async function shareImagePng(view: SharedView): Promise<Buffer> {
  return sharp(Buffer.from(shareImageSvg(view)))
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
}
