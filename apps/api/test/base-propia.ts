// For the tests that start servers of their own (a PostgreSQL to stop, restart, back up and restore;
// a second API process): a free port.
import net from 'node:net';

/** A TCP port nobody listens on now (the OS picks it). */
export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
