// GraphQL mutations of spreadsheets: each calls one domain function (service.ts).
import { requirePrincipal, type RequestContext } from '../../../core/context.ts';
import { createSpreadsheet, populateTemplate } from './service.ts';

export const spreadsheetMutations = {
  createSpreadsheet: (_: unknown, args: { input: unknown }, ctx: RequestContext) =>
    createSpreadsheet(ctx.platform, requirePrincipal(ctx), args.input),
  populateTemplate: (_: unknown, args: { input: unknown }, ctx: RequestContext) =>
    populateTemplate(ctx.platform, requirePrincipal(ctx), args.input),
};
