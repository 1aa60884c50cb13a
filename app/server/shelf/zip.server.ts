import { crc32 } from "node:zlib";

/**
 * A zip archive of a few small text files, stored without compression (the CSVs of 'Exportar la
 * peña' are a few hundred KB at most): local headers, the files, the central directory and its end
 * record, as the ZIP format (APPNOTE 6.3) lays them out. Names are UTF-8 (flag bit 11).
 */
export function zipStored(files: { name: string; data: Buffer }[], at = new Date()): Buffer {
  const dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, "utf8");
    const crc = crc32(f.data);
    const common = (h: Buffer, at: number) => {
      h.writeUInt16LE(20, at); // version needed
      h.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      h.writeUInt16LE(0, at + 4); // stored
      h.writeUInt16LE(dosTime, at + 6);
      h.writeUInt16LE(dosDate, at + 8);
      h.writeUInt32LE(crc, at + 10);
      h.writeUInt32LE(f.data.length, at + 14);
      h.writeUInt32LE(f.data.length, at + 18);
      h.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    locals.push(local, name, f.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    common(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
