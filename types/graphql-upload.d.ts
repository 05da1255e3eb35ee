// graphql-upload 17 ships JSDoc-typed .mjs files without declarations.
declare module 'graphql-upload/GraphQLUpload.mjs' {
  import type { GraphQLScalarType } from 'graphql';
  export const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}
declare module 'graphql-upload/graphqlUploadExpress.mjs' {
  import type { RequestHandler } from 'express';
  export default function graphqlUploadExpress(options?: {
    maxFileSize?: number;
    maxFiles?: number;
    maxFieldSize?: number;
  }): RequestHandler;
}
declare module 'graphql-upload/Upload.mjs' {
  export interface FileUpload {
    filename: string;
    mimetype: string;
    encoding: string;
    createReadStream(): NodeJS.ReadableStream;
  }
  export default class Upload {
    promise: Promise<FileUpload>;
    file?: FileUpload;
    resolve(file: FileUpload): void;
    reject(error: Error): void;
  }
}
