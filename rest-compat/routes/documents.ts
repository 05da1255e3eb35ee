// An account's private code library (beyond the spec, issue 32): its own PDFs uploaded one a
// request, each indexed by a job, searched by POST /v1/search/jobs with their file_id. Each route
// runs one GraphQL operation of the content subgraph and maps its camelCase answer here.
import { z } from 'zod';
import { toSnakeKeys } from '../../core/case.ts';
import { AppError } from '../../core/errors.ts';
import { MAX_LIBRARY_BYTES } from '../../subgraphs/content/library.ts';
import { designStandardParam, fromGraphqlStandard, toGraphqlStandard } from '../design-standard.ts';
import { readMultipart } from '../multipart.ts';
import type { Route } from '../route.ts';
import { uploadOf } from './drawings.ts';
import { ACCEPTED_FIELDS, jobAccepted } from './jobs.ts';

const DOCUMENT =
  'fileId filename description designStandard status pageCount passageCount designations jobId createdAt expiresAt';

/** A library document as the gateway answers it: the DOCUMENT fields, of which two are read here. */
interface GraphqlDocument extends Record<string, unknown> {
  fileId: string;
  designStandard: string;
}
interface LibraryPage {
  libraryDocuments: { nodes: GraphqlDocument[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

const restDocument = (d: GraphqlDocument) => ({
  ...toSnakeKeys<Record<string, unknown>>(d),
  design_standard: fromGraphqlStandard(d.designStandard),
});
const notFound = (fileId: string) =>
  new AppError('DOCUMENT_NOT_FOUND', `No document ${fileId} in this account's library`, { file_id: fileId });
const fileParams = z.object({ file_id: z.string().min(1).max(100) });
const route = (r: Omit<Route, 'auth' | 'errors' | 'tag'>): Route => ({
  auth: 'bearer',
  errors: 'hosted',
  tag: 'documents',
  ...r,
});

export const documentRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/documents',
    summary:
      "Upload one of the account's own PDFs to its private code library (a job indexes it): {file_id, job_id, status, created_at, expires_at}",
    multipart: true,
    body: z.object({
      file: z.string().describe('The PDF (at most 50 MB)'),
      design_standard: designStandardParam.describe('us, eurocode, aus-nz or canada'),
      description: z.string().optional().describe('What it is, up to 500 characters (the file name when absent)'),
    }),
    successStatus: 202,
    async handle({ request }, run, ctx) {
      const { fields, file } = await readMultipart(
        request,
        Math.min(MAX_LIBRARY_BYTES, ctx.platform.config.uploadLimitBytes),
      );
      if (!file || file.field !== 'file')
        throw new AppError('VALIDATION_ERROR', 'file: required, the PDF as a multipart file field named file', {
          field: 'file',
        });
      const standard = designStandardParam.safeParse(fields.design_standard);
      if (!standard.success)
        throw new AppError('VALIDATION_ERROR', `design_standard: required, one of us, eurocode, aus-nz, canada`, {
          field: 'design_standard',
        });
      const data = await run(
        `mutation Upload($file: Upload!, $designStandard: DesignStandard!, $description: String) {
          uploadLibraryDocument(file: $file, designStandard: $designStandard, description: $description) { document { ${DOCUMENT} } job { ${ACCEPTED_FIELDS} } } }`,
        {
          file: uploadOf(file),
          designStandard: toGraphqlStandard(standard.data),
          description: fields.description ?? null,
        },
      );
      const { document, job } = data.uploadLibraryDocument;
      return { body: { ...jobAccepted(job).body, file_id: document.fileId, document: restDocument(document) } };
    },
  }),
  route({
    method: 'get',
    path: '/v1/documents',
    summary: "The account's private library, newest first ({documents})",
    successStatus: 200,
    async handle(_input, run) {
      const all: GraphqlDocument[] = [];
      for (let after: string | null = null; ;) {
        const data: LibraryPage = await run<LibraryPage>(
          `query Library($after: String) { libraryDocuments(first: 50, after: $after) { nodes { ${DOCUMENT} } pageInfo { endCursor hasNextPage } } }`,
          { after },
        );
        all.push(...data.libraryDocuments.nodes);
        if (!data.libraryDocuments.pageInfo.hasNextPage) break;
        after = data.libraryDocuments.pageInfo.endCursor;
      }
      return { body: { documents: all.map(restDocument) } };
    },
  }),
  route({
    method: 'get',
    path: '/v1/documents/{file_id}',
    summary:
      "One of the account's library documents: status (pending, indexed, no_text, failed), page_count, designations, expires_at",
    params: fileParams,
    successStatus: 200,
    async handle({ params }, run) {
      const data = await run(`query Doc($fileId: ID!) { libraryDocument(fileId: $fileId) { ${DOCUMENT} } }`, {
        fileId: params.file_id,
      });
      if (!data.libraryDocument) throw notFound(params.file_id);
      return { body: restDocument(data.libraryDocument) };
    },
  }),
  route({
    method: 'delete',
    path: '/v1/documents/{file_id}',
    summary: "Delete one of the account's library documents with its passages; answers {file_id, deleted: true}",
    params: fileParams,
    successStatus: 200,
    async handle({ params }, run) {
      const data = await run(`mutation Delete($fileId: ID!) { deleteLibraryDocument(fileId: $fileId) }`, {
        fileId: params.file_id,
      });
      if (!data.deleteLibraryDocument) throw notFound(params.file_id);
      return { body: { file_id: params.file_id, deleted: true } };
    },
  }),
];
