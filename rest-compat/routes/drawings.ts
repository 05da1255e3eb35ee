import { Readable } from 'node:stream';
import { z } from 'zod';
import Upload from 'graphql-upload/Upload.mjs';
import { toSnakeKeys } from '../../core/case.ts';
import { AppError } from '../../core/errors.ts';
import { readDrawingUpload } from '../drawing-upload.ts';
import type { Route } from '../route.ts';

const TEXTS = 'textsInside { id text }';
const DRAWING_FIELDS = `id fileHash page processingMs dimensions { width height }
  annotations {
    leaders { id bbox arrowTip textBbox ${TEXTS} }
    sectionTags { id bbox circle { center radius } direction ${TEXTS} sectionLine { start end } }
    detailTags { id bbox circle { center radius } ${TEXTS} hasDashedBbox }
    revisionTriangles { id bbox vertices text }
    revisionClouds { id bbox }
  }
  titleblock { bounds viewport sheetNumber sheetTitle }`;

/** A multipart file as the GraphQL Upload a mutation takes. */
export const uploadOf = (file: { filename: string; mimetype: string; bytes: Buffer }) => {
  const upload = new Upload();
  upload.resolve({
    filename: file.filename,
    mimetype: file.mimetype,
    encoding: '7bit',
    createReadStream: () => Readable.from([file.bytes]),
  });
  return upload;
};

const hashParams = z.object({ file_hash: z.string() });
const idParams = z.object({ drawing_id: z.string() });

export const drawingRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/drawings',
    summary:
      'Analyse one page of a PDF (Tier 1): leaders, section and detail tags, revision triangles and clouds, title block',
    tag: 'drawings',
    auth: 'bearer',
    errors: 'hosted',
    multipart: true,
    body: z.object({
      file: z.string().optional().describe('The PDF (at most 50 MB); send this or file_hash'),
      file_hash: z.string().optional().describe('SHA-256 (hex) of a PDF this account uploaded before'),
      page: z.number().int().min(1).describe('1-indexed page number'),
    }),
    successStatus: 200,
    async handle({ request }, run, ctx) {
      const { fields, file, hash } = await readDrawingUpload(request, ctx.platform.config.uploadLimitBytes);
      if (fields.page === undefined)
        throw new AppError('VALIDATION_ERROR', 'page: required (1-indexed page number)', { field: 'page' });
      if (!/^\s*-?\d+\s*$/.test(fields.page))
        throw new AppError('VALIDATION_ERROR', 'page: must be an integer', { field: 'page' });
      const page = Number(fields.page);
      if (page < 1)
        throw new AppError('UNPROCESSABLE', 'page: must be 1 or more (pages are 1-indexed)', { field: 'page' });
      const data = await run(
        `mutation Analyze($file: Upload, $fileHash: String, $page: Int!) { analyzeDrawing(file: $file, fileHash: $fileHash, page: $page) { ${DRAWING_FIELDS} } }`,
        {
          file: file ? uploadOf(file) : null,
          fileHash: hash ?? null,
          page,
        },
      );
      return { body: toSnakeKeys(data.analyzeDrawing) };
    },
  },
  {
    method: 'get',
    path: '/v1/drawings/cache/{file_hash}',
    summary: 'Metadata of a stored drawing file: size, page count, upload time, pages analysed',
    tag: 'drawings',
    auth: 'bearer',
    errors: 'hosted',
    params: hashParams,
    successStatus: 200,
    operation: `query Cache($fileHash: String!) { drawingCache(fileHash: $fileHash) { fileHash size pageCount uploadedAt analysedPages } }`,
    notFound: 'FILE_NOT_FOUND',
  },
  {
    method: 'get',
    path: '/v1/drawings/{drawing_id}',
    summary: 'A stored drawing result',
    tag: 'drawings',
    auth: 'bearer',
    errors: 'hosted',
    params: idParams,
    successStatus: 200,
    operation: `query Drawing($drawingId: ID!) { drawing(id: $drawingId) { ${DRAWING_FIELDS} } }`,
    notFound: 'DRAWING_NOT_FOUND',
  },
  {
    method: 'delete',
    path: '/v1/drawings/{drawing_id}',
    summary: 'Delete a stored drawing result; answers {id, deleted: true}',
    tag: 'drawings',
    auth: 'bearer',
    errors: 'hosted',
    params: idParams,
    successStatus: 200,
    async handle({ params }, run) {
      const data = await run(`mutation Delete($id: ID!) { deleteDrawing(id: $id) }`, { id: params.drawing_id });
      if (!data.deleteDrawing)
        throw new AppError('DRAWING_NOT_FOUND', `Drawing ${params.drawing_id} not found`, {
          drawing_id: params.drawing_id,
        });
      return { body: { id: params.drawing_id, deleted: true } };
    },
  },
];
