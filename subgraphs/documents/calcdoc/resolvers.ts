// GraphQL mutations of calculation documents: each takes its input as the schema spells it and
// calls one domain function (service.ts), which checks it and creates the job.
import { requirePrincipal, type RequestContext } from '../../../core/context.ts';
import type { Principal } from '../../../core/auth/keys.ts';
import { appendElements, convertWorksheet, createDocument, generatePdf, readDocument } from './service.ts';

const mutation =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL input, validated by the domain function it is passed to
  (domain: (platform: RequestContext['platform'], principal: Principal, input: any) => unknown) =>
    (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext) =>
      domain(ctx.platform, requirePrincipal(ctx), args.input);

export const calcdocMutations = {
  createDocument: mutation(createDocument),
  appendElements: mutation(appendElements),
  readDocument: mutation(readDocument),
  generatePdf: mutation(generatePdf),
  convertWorksheet: mutation(convertWorksheet),
};
