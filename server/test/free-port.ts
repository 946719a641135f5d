import net from 'node:net';

/** A port nothing listens on, chosen by the system: a fixed range can hold another program's port (epmd's 4369, say), and a test would then talk to it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
