// The e2e suite drives Debian's Chromium (browser downloads are not possible here). Install it
// when missing and we may (root with apt-get); otherwise say how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(browser)) {
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Instalando chromium de Debian para las pruebas e2e…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } else {
    console.error(`Falta Chromium en ${browser}: instálalo (sudo apt-get install chromium) o indica CHROMIUM_PATH.`);
    process.exit(1);
  }
}
