// A peer for bench/gateway: Apollo Gateway under Apollo Server as the Apollo docs set them up
// (RemoteGraphQLDataSource forwarding the caller's Authorization header, default caches), over the
// subgraph processes named in a supergraph file. Ours is built on the same two libraries, so this
// measures what our data sources, plugins and HTTP layer add or save against the stock setup.
//   node bench/peer/apollo-gateway.ts <supergraph.graphql>   (PORT, default 0)
import fs from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';

const supergraph = process.argv[2];
if (!supergraph) {
  console.error('usage: node bench/peer/apollo-gateway.ts <supergraph.graphql>');
  process.exit(2);
}
process.env.APOLLO_TELEMETRY_DISABLED ??= '1';

class ForwardKey extends RemoteGraphQLDataSource<{ authorization?: string }> {
  override willSendRequest({
    request,
    context,
  }: Parameters<NonNullable<RemoteGraphQLDataSource['willSendRequest']>>[0] & { context: { authorization?: string } }) {
    if (context.authorization) request.http?.headers.set('authorization', context.authorization);
    // Our subgraphs refuse requests without a CSRF preflight header (Apollo Server's default).
    request.http?.headers.set('apollo-require-preflight', 'true');
  }
}

const gateway = new ApolloGateway({
  supergraphSdl: fs.readFileSync(supergraph, 'utf8'),
  buildService: ({ url }) => new ForwardKey({ url }),
});
const server = new ApolloServer<{ authorization?: string }>({ gateway, csrfPrevention: false });
const { url } = await startStandaloneServer(server, {
  listen: { port: Number(process.env.PORT ?? 0), host: '127.0.0.1' },
  context: async ({ req }) => ({ authorization: req.headers.authorization }),
});
console.log(JSON.stringify({ msg: 'apollo gateway listening', url: url.replace(/\/$/, '') + '/graphql' }));
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void server.stop().then(() => process.exit(0)));
