// A local stand-in for the SELAE lottery results service, serving the recorded bodies of
// fixtures/selae. Like the real one it refuses clients that do not look like a browser (403).
// Tests switch its behaviour: for every request (`setMode`) or for one draw date (`rule`), so
// parallel tests never disturb each other: "403", "406", "hang", "truncated", "garbage" or "slow".
// The same switches exist over HTTP for the e2e tests: POST /__fake/rule, /__fake/mode, /__fake/draw,
// and /__fake/claim-week hands each test a draw day of its own; /__fake/publish and /__fake/play let a
// test publish its own jornadas and play them, week after week (tests/e2e/operator-week.spec.ts).
// The next jornada (`proximosv3`, and `fechav3` before its draw) is the recorded-shape pair
// next-draws-2026-11-29.json / pre-draw-2026-11-29.json moved to "now" (the draw three days ahead),
// or, after /__fake/next { date, id, matches? }, moved to that day under that draw id.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const fixture = (name) => readFileSync(new URL(`../../fixtures/selae/${name}`, import.meta.url), "utf8");
const NO_DRAW = fixture("no-draw.json");
const NEXT_DRAWS = fixture("next-draws-2026-11-29.json");
const PRE_DRAW = fixture("pre-draw-2026-11-29.json");
const NEXT_FROM = "20261129";

const recorded = () =>
  new Map([
    ["20260426", fixture("played-draw-2026-04-26.json")],
    ["20260823", fixture("played-draw-2026-08-23.json")],
    ["20220130", fixture("pre-draw-2022-01-30.json")],
  ]);

const dayMs = 86_400_000;
const toDay = (yyyymmdd) => Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8));
const shiftStamp = (stamp, days) => {
  if (typeof stamp !== "string" || !/^\d{4}[-/]\d{2}[-/]\d{2}/.test(stamp)) return stamp;
  const sep = stamp[4];
  const moved = new Date(Date.UTC(+stamp.slice(0, 4), +stamp.slice(5, 7) - 1, +stamp.slice(8, 10)) + days * dayMs).toISOString().slice(0, 10);
  return moved.replaceAll("-", sep) + stamp.slice(10);
};

/** A browser sends a browser's User-Agent and says which languages it reads. */
const looksLikeBrowser = (headers) => /Mozilla\/5\.0/.test(headers["user-agent"] ?? "") && Boolean(headers["accept-language"]);

/** `publishedOnly`: the next draws are only those a test published (none at first), never the recorded one moved. */
export async function startFakeSelae(port = 0, { publishedOnly = false } = {}) {
  const draws = recorded();
  const rules = new Map();
  let mode = null;
  const requests = [];
  const sockets = new Set();
  // Draw days handed to e2e tests, two weeks apart in the 1990s, far from any other test's dates.
  let nextWeek = Date.UTC(1990, 0, 7);
  // The next jornada served by proximosv3: null moves the recorded one to three days from now.
  let next = null;
  // Jornadas published by a test that plays whole weeks (/__fake/publish), by draw day; while any is
  // published, proximosv3 answers these and no other.
  const published = new Map();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__fake/")) return control(req, res, url.pathname);
    const date = url.searchParams.get("fecha_sorteo") ?? url.searchParams.get("fechaInicioInclusiva") ?? "";
    requests.push({ path: url.pathname, date, browser: looksLikeBrowser(req.headers) });
    if (!looksLikeBrowser(req.headers)) return send(res, 403, "<html><body>Access Denied</body></html>", "text/html");
    const behaviour = rules.get(date) ?? mode;
    if (behaviour === "403") return send(res, 403, "<html><body>Access Denied</body></html>", "text/html");
    if (behaviour === "406") return send(res, 406, "<html><body>Not Acceptable</body></html>", "text/html");
    if (behaviour === "hang") return; // never answers; close() ends the socket
    const answer = () => {
      if (url.pathname === "/servicios/proximosv3" && url.searchParams.get("game_id") === "LAQU")
        return published.size || publishedOnly ? publishedDraws() : nextDraws();
      if (url.pathname === "/servicios/fechav3" && url.searchParams.get("game_id") === "LAQU")
        return draws.get(date) ?? publishedPreDraw(date) ?? preDraw(date) ?? NO_DRAW;
      if (url.pathname === "/servicios/buscadorSorteos" && url.searchParams.get("game_id") === "LAQU") {
        const [from, to] = [url.searchParams.get("fechaInicioInclusiva") ?? "", url.searchParams.get("fechaFinInclusiva") ?? ""];
        const found = [...draws.entries()]
          .filter(([d]) => d >= from && d <= to)
          .sort()
          .flatMap(([, body]) => JSON.parse(body));
        return found.length ? JSON.stringify(found) : NO_DRAW;
      }
      return null;
    };
    const body = answer();
    if (body === null) return send(res, 404, "Not found", "text/plain");
    if (behaviour === "truncated") {
      // The headers promise the whole body; the connection drops half-way, as a cut transfer does.
      res.writeHead(200, { "content-type": "application/json;charset=UTF-8", "content-length": Buffer.byteLength(body) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      setTimeout(() => res.destroy(), 20);
      return;
    }
    // A well-formed answer of the wrong shape, as a maintenance page behind a 200 may give.
    if (behaviour === "garbage") return send(res, 200, '[{"estado":"mantenimiento"}]');
    if (behaviour === "slow") return void setTimeout(() => send(res, 200, body), 400);
    send(res, 200, body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function send(res, status, body, type = "application/json;charset=UTF-8") {
    res.writeHead(status, { "content-type": type });
    res.end(body);
  }

  function setRule(date, next) {
    if (next) rules.set(date, next);
    else rules.delete(date);
  }

  /** Serves a copy of a recorded draw (or of `file`, recorded on `from`) on another date (every date in it moved by the same days). */
  function addDraw(date, from = "20260426", file = null) {
    const source = file ? fixture(file) : (draws.get(from) ?? recorded().get(from));
    if (!source) throw new Error(`no recorded draw ${from}`);
    const days = Math.round((toDay(date) - toDay(from)) / dayMs);
    const moved = JSON.parse(source).map((d) => ({
      ...d,
      fecha_sorteo: shiftStamp(d.fecha_sorteo, days),
      partidos: d.partidos.map((p) => ({ ...p, fecha_completa: shiftStamp(p.fecha_completa, days), fecha: shiftStamp(p.fecha, days) })),
    }));
    draws.set(date, JSON.stringify(moved, null, 1));
  }

  /** The next jornada: the recorded shape moved to its day (by default three days from now). */
  function current() {
    if (next) return next;
    const day = new Date(Date.now() + 3 * dayMs).toISOString().slice(0, 10).replaceAll("-", "");
    return { date: day, id: "1338106048", matches: null, close: null, file: null };
  }

  function nextDraws() {
    const { date, id, close } = current();
    const days = Math.round((toDay(date) - toDay(NEXT_FROM)) / dayMs);
    const list = JSON.parse(NEXT_DRAWS).map((d, i) => ({
      ...d,
      id_sorteo: i === 0 ? id : `${id}9`,
      fecha: shiftStamp(d.fecha, days),
      apertura: shiftStamp(d.apertura, days),
      cierre: i === 0 && close ? close : shiftStamp(d.cierre, days),
    }));
    return JSON.stringify(list, null, 1);
  }

  /** fechav3 before the draw, on the next jornada's day only. */
  function preDraw(date) {
    const { date: day, id, matches, file } = current();
    if (date !== day) return null;
    const source = file ? fixture(file) : PRE_DRAW;
    const from = JSON.parse(source)[0].fecha_sorteo.slice(0, 10).replaceAll("-", "");
    const days = Math.round((toDay(day) - toDay(from)) / dayMs);
    // The season's years move with the draw: a season starts in August.
    const seasonStart = (d) => Number(d.slice(0, 4)) - (d.slice(4) < "0801" ? 1 : 0);
    const years = seasonStart(day) - seasonStart(from);
    const moved = JSON.parse(source).map((d) => ({
      ...d,
      id_sorteo: id,
      fecha_sorteo: shiftStamp(d.fecha_sorteo, days),
      temporada: d.temporada.replace(/\d{4}/g, (y) => String(Number(y) + years)),
      partidos: (matches ?? d.partidos).map((p) => ({ ...p, fecha: shiftStamp(p.fecha, days) })),
    }));
    return JSON.stringify(moved, null, 1);
  }

  /**
   * The next jornada on `date` under draw `id`; `matches` ({ local, visitante, fecha }) replaces its
   * 15 matches, `close` its cierre, `file` the pre-draw body moved (e.g. the recorded pre-draw-2022-01-30.json).
   */
  function setNext(value) {
    next = value?.date
      ? { date: value.date, id: value.id ?? `9${value.date}`, matches: value.matches ?? null, close: value.close ?? null, file: value.file ?? null }
      : null;
  }

  /** An instant as the operator writes it: Madrid's wall clock, "YYYY-MM-DD HH:MM:SS". */
  const madrid = (instant) => new Date(instant).toLocaleString("sv-SE", { timeZone: "Europe/Madrid", hourCycle: "h23" }).replace("T", " ");

  /**
   * A jornada published for draw day `date`: `matches` ([{ local, visitante }] × 15) between the
   * test's own teams, opening at `opens` and closing at `close` (instants); published again, its
   * dates change as the operator's do.
   */
  function publish(value) {
    published.set(value.date, { ...value, id: value.id ?? `8${value.date}`, jornada: String(value.jornada ?? 17) });
  }

  function publishedDraws() {
    const [template] = JSON.parse(NEXT_DRAWS);
    const list = [...published.values()]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((p) => ({
        ...template,
        id_sorteo: p.id,
        fecha: `${p.date.slice(0, 4)}-${p.date.slice(4, 6)}-${p.date.slice(6, 8)} 00:00:00`,
        apertura: madrid(p.opens),
        cierre: madrid(p.close),
        jornada: Number(p.jornada),
      }));
    return JSON.stringify(list, null, 1);
  }

  /** fechav3 of a published jornada before its draw: the recorded pre-draw body with the test's matches. */
  function publishedPreDraw(date) {
    const p = published.get(date);
    if (!p) return null;
    const [template] = JSON.parse(PRE_DRAW);
    const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
    const season = Number(date.slice(0, 4)) - (date.slice(4) < "0801" ? 1 : 0);
    const body = {
      ...template,
      id_sorteo: p.id,
      fecha_sorteo: `${day} 00:00:00`,
      temporada: `${season}-${season + 1}`,
      jornada: p.jornada,
      partidos: p.matches.map((m) => ({ ...ids(m), local: m.local, visitante: m.visitante, fecha: `${day.replaceAll("-", "/")} 18:00:00` })),
    };
    return JSON.stringify([body], null, 1);
  }

  /** A published match's club ids, as the operator's answers carry them (`idLocal`, `idVisitante`), when the test gave them. */
  const ids = (m) => ({
    ...(m.idLocal === undefined ? {} : { idLocal: m.idLocal }),
    ...(m.idVisitante === undefined ? {} : { idVisitante: m.idVisitante }),
  });

  /**
   * The published jornada of `date` played: the recorded played draw with its escrutinio (its signs,
   * score and prizes) under the jornada's own id, day and matches; it leaves the next draws. The
   * recorded clubs' ids do not travel with the test's own names: a match carries the ids the test
   * published for it, or none. `matches` ([{ local, visitante, idLocal?, idVisitante? }] × 15) are
   * the played answer's own spellings when they differ from the published ones (the operator mixes
   * «Racing Santander (m)» and «Racing De Santander (m)»); `listed` keeps the draw among the next
   * draws, so the next import reads the played answer as the jornada's.
   */
  const afterDraw = (name) => name.replace(/\((M|F)\)$/, (_, s) => `(${s.toLowerCase()})`);

  function play(date, file = "played-draw-2026-08-23-escrutinio.json", { matches = null, listed = false } = {}) {
    const p = published.get(date);
    if (!p) throw new Error(`no published jornada on ${date}`);
    const [recorded] = JSON.parse(fixture(file));
    const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
    const played = matches ?? p.matches;
    const body = {
      ...recorded,
      id_sorteo: p.id,
      jornada: p.jornada,
      fecha_sorteo: `${day} 23:24:00`,
      // After the draw the operator writes the section in lower case ("Sevilla (m)", "Athletic Club (f)"), as recorded.
      partidos: recorded.partidos.map(({ idLocal: _home, idVisitante: _away, ...m }, i) => ({
        ...m,
        ...ids(played[i]),
        local: afterDraw(played[i].local),
        visitante: afterDraw(played[i].visitante),
        fecha_completa: `${day} 17:00:00`,
      })),
    };
    draws.set(date, JSON.stringify([body], null, 1));
    if (!listed) published.delete(date);
  }

  function control(req, res, path) {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const body = text ? JSON.parse(text) : {};
      if (path === "/__fake/mode") mode = body.mode ?? null;
      else if (path === "/__fake/rule") setRule(body.date, body.mode);
      else if (path === "/__fake/draw") addDraw(body.date, body.from, body.file ?? null);
      else if (path === "/__fake/next") setNext(body);
      else if (path === "/__fake/publish") publish(body);
      else if (path === "/__fake/play") play(body.date, body.file, { matches: body.matches ?? null, listed: body.listed ?? false });
      else if (path === "/__fake/requests") return send(res, 200, JSON.stringify(requests));
      else if (path === "/__fake/claim-week") {
        const day = new Date(nextWeek).toISOString().slice(0, 10).replaceAll("-", "");
        nextWeek += 14 * dayMs;
        return send(res, 200, JSON.stringify({ date: day }));
      } else return send(res, 404, "{}");
      send(res, 200, "{}");
    });
  }

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    setMode: (next) => {
      mode = next;
    },
    rule: setRule,
    addDraw,
    setNext,
    publish,
    play,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// `node tests/support/fake-selae.mjs [port]` runs it alone, to point a local app at it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeSelae(Number(process.argv[2] ?? 0));
  process.stdout.write(`SELAE falso en ${fake.url}\n`);
}
