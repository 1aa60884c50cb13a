import net from "node:net";

/**
 * A TCP gate in front of a server (PostgreSQL in the readiness test): `shut` stops listening and
 * cuts every connection through it, as a database that went away; `open` listens again on the same
 * port. The program under test is pointed at `port` and never knows.
 */
export async function tcpGate(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(target.port, target.host);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on("close", () => outbound.destroy());
        outbound.on("close", () => inbound.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await open();
  return { port, open, shut };
}
