// The e2e suite drives Debian's Chromium headless shell (browser downloads are not possible here),
// or the full Chromium where the shell is missing (tests/support/e2e-browser.mjs). Install the shell
// when missing and we may (root with apt-get); otherwise say how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { e2eBrowser, FULL_CHROMIUM, HEADLESS_SHELL } from "../tests/support/e2e-browser.mjs";

if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("Instalando chromium-headless-shell de Debian para las pruebas e2e…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", { stdio: "inherit" });
}
const browser = e2eBrowser();
if (!existsSync(browser)) {
  console.error(
    `Falta Chromium en ${browser}: instálalo (sudo apt-get install chromium-headless-shell, o chromium en ${FULL_CHROMIUM}) o indica CHROMIUM_PATH.`,
  );
  process.exit(1);
}
