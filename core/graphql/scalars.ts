// The DateTime scalar every subgraph uses for every timestamp, so a client sees one format:
// ISO 8601 in UTC. Domains may hand a Date or an ISO string (stored results keep their strings).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const toDate = (v: unknown): Date | null => {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 timestamp in UTC, e.g. 2026-11-22T10:15:00.000Z.',
  serialize(v) {
    // A string the domain already holds in ISO 8601 goes out unchanged (stored results keep their precision).
    if (typeof v === 'string' && toDate(v)) return v;
    const d = toDate(v);
    if (!d) throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(v)}`);
    return d.toISOString();
  },
  parseValue(v) {
    const d = toDate(v);
    if (!d) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return d;
  },
  parseLiteral(ast) {
    const d = ast.kind === Kind.STRING ? toDate(ast.value) : null;
    if (!d) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return d;
  },
});

/** Unix seconds (with fractions, as the spec's REST shapes use) → Date. */
export const fromUnixSeconds = (s: number): Date => new Date(s * 1000);
