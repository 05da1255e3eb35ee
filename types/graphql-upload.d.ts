// graphql-upload 17 ships JSDoc-typed .mjs files without declarations.
declare module 'graphql-upload/GraphQLUpload.mjs' {
  import type { GraphQLScalarType } from 'graphql';
  export const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}
declare module 'graphql-upload/graphqlUploadExpress.mjs' {
  import type { RequestHandler } from 'express';
  export default function graphqlUploadExpress(options?: { maxFileSize?: number; maxFiles?: number; maxFieldSize?: number }): RequestHandler;
}
declare module 'graphql-upload/Upload.mjs' {
  export default class Upload {
    promise: Promise<{ filename: string; mimetype: string; encoding: string; createReadStream(): NodeJS.ReadableStream }>;
    file?: { filename: string; mimetype: string; encoding: string; createReadStream(): NodeJS.ReadableStream };
  }
}
