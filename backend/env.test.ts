import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultBackendConfig } from "./config";
import { backendOptionsFromEnv } from "./env";

const read = (env: Record<string, string>) => backendOptionsFromEnv(env as NodeJS.ProcessEnv, () => {}).config!;
const dir = mkdtempSync(path.join(tmpdir(), "quiniela-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the storage limitation's and the privacy notice's settings (decision 085)", () => {
  it("unset: the default periods, and no controller named", () => {
    const config = { ...defaultBackendConfig, ...read({}) };
    expect(config.retentionOutboxDays).toBe(7);
    expect(config.retentionClientAddressDays).toBe(30);
    expect(config.privacy).toEqual({ controllerName: null, contactEmail: null, controllerAddress: null, dpoEmail: null, text: null, mailRelay: null });
  });

  it("set: the periods, the controller, the relay's host and the deployer's text", () => {
    const file = path.join(dir, "privacidad.txt");
    writeFileSync(file, "Nuestro texto.\n");
    const config = read({
      RETENTION_OUTBOX_DAYS: "3",
      RETENTION_CLIENT_ADDRESS_DAYS: "14",
      PRIVACY_CONTROLLER_NAME: "Peña El Botijo",
      PRIVACY_CONTACT_EMAIL: "privacidad@botijo.example",
      PRIVACY_CONTROLLER_ADDRESS: "Calle Mayor 1, Teruel",
      PRIVACY_DPO_EMAIL: "dpd@botijo.example",
      PRIVACY_TEXT_FILE: file,
      SMTP_URL: "smtp://u:p@relay.example:587",
    });
    expect(config).toMatchObject({ retentionOutboxDays: 3, retentionClientAddressDays: 14 });
    expect(config.privacy).toEqual({
      controllerName: "Peña El Botijo",
      contactEmail: "privacidad@botijo.example",
      controllerAddress: "Calle Mayor 1, Teruel",
      dpoEmail: "dpd@botijo.example",
      text: "Nuestro texto.\n",
      mailRelay: "relay.example",
    });
  });

  it.each([
    [{ RETENTION_OUTBOX_DAYS: "siete" }, "RETENTION_OUTBOX_DAYS: RETENTION_OUTBOX_DAYS debe ser un número de días"],
    [{ RETENTION_OUTBOX_DAYS: "0" }, "RETENTION_OUTBOX_DAYS debe ser de al menos 1 día"],
    [{ RETENTION_CLIENT_ADDRESS_DAYS: "2.5" }, "RETENTION_CLIENT_ADDRESS_DAYS debe ser un número entero de días"],
    [{ RETENTION_CLIENT_ADDRESS_DAYS: "99999" }, "RETENTION_CLIENT_ADDRESS_DAYS debe ser de 3650 días como mucho"],
    [{ PRIVACY_CONTACT_EMAIL: "no-es-correo" }, "PRIVACY_CONTACT_EMAIL no es un email válido"],
    [{ PRIVACY_DPO_EMAIL: "dpd" }, "PRIVACY_DPO_EMAIL no es un email válido"],
    [{ PRIVACY_TEXT_FILE: "/no/existe.txt" }, "PRIVACY_TEXT_FILE: no se puede leer /no/existe.txt (ENOENT)"],
  ])("refuses %o at start", (env, message) => {
    expect(() => read(env)).toThrow(message);
  });
});

describe("the stop's and the backups' settings (decision 088)", () => {
  const options = (env: Record<string, string>) => backendOptionsFromEnv(env as NodeJS.ProcessEnv, () => {});

  it("unset: a 15 s grace, a daily copy in ./backups kept 14 days", () => {
    const o = options({});
    expect(o.shutdownGraceMs).toBe(15_000);
    expect(o.shutdownDelayMs).toBe(0);
    expect(o.backup).toEqual({ dir: path.resolve("backups"), keepDays: 14, daily: true });
  });

  it("set: the grace, the folder, the days, and the daily copy off", () => {
    const o = options({ SHUTDOWN_GRACE_SECONDS: "30", SHUTDOWN_DELAY_SECONDS: "5", BACKUP_DIR: "/srv/copias", BACKUP_KEEP_DAYS: "3", BACKUP_DAILY: "0" });
    expect(o.shutdownGraceMs).toBe(30_000);
    expect(o.shutdownDelayMs).toBe(5_000);
    expect(o.backup).toEqual({ dir: "/srv/copias", keepDays: 3, daily: false });
  });

  it("refuses a grace of no time or of hours, and a keep of zero days, in Spanish", () => {
    expect(() => options({ SHUTDOWN_GRACE_SECONDS: "0" })).toThrow("SHUTDOWN_GRACE_SECONDS debe ser de al menos 1 segundo");
    expect(() => options({ SHUTDOWN_GRACE_SECONDS: "7200" })).toThrow("SHUTDOWN_GRACE_SECONDS debe ser de 600 segundos como mucho");
    expect(() => options({ SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow("SHUTDOWN_DELAY_SECONDS no puede ser negativo");
    expect(() => options({ SHUTDOWN_DELAY_SECONDS: "600" })).toThrow("SHUTDOWN_DELAY_SECONDS debe ser de 120 segundos como mucho");
    expect(() => options({ BACKUP_KEEP_DAYS: "0" })).toThrow("BACKUP_KEEP_DAYS debe ser de al menos 1 día");
    expect(() => options({ BACKUP_DAILY: "sí" })).toThrow("BACKUP_DAILY es 1 o 0");
  });
});

describe("the secret that signs every link", () => {
  const secret = (env: Record<string, string>) => read(env).linkSecret;

  it("is LINK_SECRET, and KIOSK_SECRET, its old name, still sets it", () => {
    expect(secret({ LINK_SECRET: "a".repeat(32), KIOSK_SECRET: "b".repeat(32) })).toBe("a".repeat(32));
    expect(secret({ KIOSK_SECRET: "b".repeat(32) })).toBe("b".repeat(32));
  });

  it("falls back on the session's first secret, else is left to the start (a file in DATA_DIR)", () => {
    expect(secret({ SESSION_SECRET: "primero-de-la-sesion, segundo" })).toBe("primero-de-la-sesion");
    expect(secret({})).toBeUndefined();
  });
});
