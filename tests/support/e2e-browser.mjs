// The Chromium the e2e suite drives: CHROMIUM_PATH, else Debian's headless shell, else Debian's full
// browser. The headless shell is the same engine without the desktop browser around it; on the
// 2-core CI box the browser is two thirds of the e2e lane's CPU, and the shell spends about 40 % less
// for the same specs (decision 089).
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function e2eBrowser() {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
