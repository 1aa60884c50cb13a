import { z } from "zod";
import { selaeBody, selaeRange, TIMEOUT_MESSAGE, type SelaeBody } from "#core/contract/lottery";
import type { BackendConfig } from "../../config";
import { ApiError } from "../../errors";

/** A failed call to the lottery service, with the Spanish sentence the admin reads (502, 503 or 504). */
export class LotteryError extends ApiError {
  constructor(message: string, status = 502) {
    super(status, message);
  }
}

const THROTTLED = "Loterías está limitando las consultas (HTTP 406). Vuelve a intentarlo en unos minutos.";
const httpError = (status: number) =>
  status === 403 ? "Loterías ha rechazado la consulta (HTTP 403)." : `Loterías ha respondido con un error (HTTP ${status}).`;

/**
 * The real service answers 403 to anything that does not look like a browser, so the calls carry
 * a browser's headers, as its own results page sends them.
 */
const browserHeaders = (base: string) => ({
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  accept: "application/json, text/javascript, */*; q=0.01",
  "accept-language": "es-ES,es;q=0.9",
  referer: `${base}/es/resultados/quiniela`,
  "x-requested-with": "XMLHttpRequest",
  "sec-fetch-dest": "empty",
  "sec-fetch-mode": "cors",
  "sec-fetch-site": "same-origin",
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LotteryClient {
  /** One day's draw: the body as received and as validated. */
  fetchDate(yyyymmdd: string): Promise<{ raw: string; body: SelaeBody }>;
  /** The played draws between two days (inclusive): their days, "YYYY-MM-DD". */
  fetchPlayedDays(from: string, to: string): Promise<string[]>;
  /** `proximosv3`: the next draws, as received (read by core/domain/official/official-jornada). */
  fetchNext(num: number): Promise<{ raw: string; body: unknown }>;
  /** `fechav3` for a draw's day, as received: before the draw, its 15 matches. */
  fetchJornada(yyyymmdd: string): Promise<{ raw: string; body: unknown }>;
}

type LotteryConfig = Pick<BackendConfig, "lotteryBaseUrl" | "lotteryTimeoutMs" | "lotteryBackoffMs" | "lotteryThrottleBudgetMs">;

export function lotteryClient(config: LotteryConfig, fetcher: typeof fetch = fetch): LotteryClient {
  const base = config.lotteryBaseUrl.replace(/\/+$/, "");

  /** One GET, with throttling (406) retried after doubling waits until the budget is spent. */
  async function get<S extends z.ZodTypeAny>(path: string, params: Record<string, string>, schema: S): Promise<{ raw: string; body: z.output<S> }> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    const deadline = Date.now() + config.lotteryThrottleBudgetMs;
    let wait = config.lotteryBackoffMs;
    for (;;) {
      let response: Response;
      let raw: string;
      try {
        response = await fetcher(url, {
          headers: browserHeaders(base),
          signal: AbortSignal.timeout(config.lotteryTimeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const name = (error as Error)?.name;
        if (name === "TimeoutError" || name === "AbortError") throw new LotteryError(TIMEOUT_MESSAGE, 504);
        // The connection dropped while the body was arriving, or never opened.
        throw new LotteryError((error as Error)?.message === "terminated" ? "La respuesta de Loterías llegó incompleta." : "No se pudo conectar con Loterías.");
      }
      if (response.status === 406) {
        if (Date.now() + wait > deadline) throw new LotteryError(THROTTLED, 503);
        await sleep(wait);
        wait *= 2;
        continue;
      }
      if (!response.ok) throw new LotteryError(httpError(response.status));
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new LotteryError("La respuesta de Loterías llegó incompleta o no es JSON válido.");
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LotteryError(`La respuesta de Loterías no tiene el formato esperado (${issue?.path.join(".") || "cuerpo"}: ${issue?.message}).`);
      }
      return { raw, body: parsed.data };
    }
  }

  return {
    fetchDate: (yyyymmdd) => get("/servicios/fechav3", { game_id: "LAQU", fecha_sorteo: yyyymmdd }, selaeBody),
    fetchNext: (num) => get("/servicios/proximosv3", { game_id: "LAQU", num: String(num) }, z.unknown()),
    fetchJornada: (yyyymmdd) => get("/servicios/fechav3", { game_id: "LAQU", fecha_sorteo: yyyymmdd }, z.unknown()),
    fetchPlayedDays: async (from, to) => {
      const { body } = await get(
        "/servicios/buscadorSorteos",
        {
          game_id: "LAQU",
          celebrados: "true",
          fechaInicioInclusiva: from,
          fechaFinInclusiva: to,
        },
        selaeRange,
      );
      return [...new Set(body.map((d) => d.fecha_sorteo.slice(0, 10)))].sort();
    },
  };
}
