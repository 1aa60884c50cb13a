// `npm run backup`: a dated copy of the database in BACKUP_DIR (default ./backups). Embedded
// database: the running app makes it (its control socket), or this script when no app runs on
// DATA_DIR (decision 088). `npm run backup -- --restore <file>` puts one back (docs/operations.md).
import path from "node:path";
import { backupDatabase, restoreDatabase } from "../backend/backup";
import { privateDataDir } from "../backend/files";

const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
const restoreAt = process.argv.indexOf("--restore");

try {
  await privateDataDir(databaseUrl ? path.resolve(process.env.BACKUP_DIR || "./backups") : dataDir);
  if (restoreAt !== -1) {
    const file = process.argv[restoreAt + 1];
    if (!file) throw new Error("Indica el fichero: npm run backup -- --restore backups/quiniela-….tar.gz");
    await restoreDatabase({ dataDir, databaseUrl, file: path.resolve(file) });
    console.log(`Copia restaurada desde ${file} en ${databaseUrl ? "la base de datos de DATABASE_URL" : dataDir}.`);
  } else {
    const file = await backupDatabase({ dataDir, databaseUrl, outDir: path.resolve(process.env.BACKUP_DIR || "./backups") });
    console.log(`Copia de seguridad en ${file}`);
  }
} catch (error) {
  console.error(`No se pudo completar: ${(error as Error).message}`);
  process.exit(1);
}
