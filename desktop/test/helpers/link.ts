// The network between the desktop and the platform, as a TCP relay the test can cut: drop()
// destroys every open connection and refuses new ones (as a lost Wi-Fi link would: the client
// sees its sockets die and cannot connect), restore() lets connections through again.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Link {
  url: string;
  drop(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startLink(target: string): Promise<Link> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((inbound) => {
    if (down) return inbound.destroy();
    const outbound = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    open.add(inbound).add(outbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.pipe(outbound).on('error', end).on('close', end);
    outbound.pipe(inbound).on('error', end).on('close', end);
    inbound.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        server.close(() => r());
      }),
  };
}
