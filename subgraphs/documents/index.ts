// Documents subgraph: owns the Job entity (every asynchronous operation's status), calculation
// documents (calcdoc/) and spreadsheets (spreadsheet/). Wiring only: its SDL, resolvers
// (resolvers.ts), job types (one file each under jobs/ of its capability) and agents' tools.
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { appendElementsJob } from './calcdoc/jobs/append-elements.ts';
import { convertJob } from './calcdoc/jobs/convert.ts';
import { createDocumentJob } from './calcdoc/jobs/create-document.ts';
import { generatePdfJob } from './calcdoc/jobs/generate-pdf.ts';
import { readDocumentJob } from './calcdoc/jobs/read.ts';
import { diagnosticJob } from './jobs/diagnostic.ts';
import { documentsResolvers } from './resolvers.ts';
import { createSpreadsheetJob } from './spreadsheet/jobs/create-spreadsheet.ts';
import { populateTemplateJob } from './spreadsheet/jobs/populate-template.ts';
import { documentsTools } from './tools.ts';

export const documentsSubgraph: SubgraphModule = {
  name: 'documents',
  typeDefs: typeDefsOf('documents'),
  jobHandlers: [
    diagnosticJob,
    createDocumentJob,
    appendElementsJob,
    readDocumentJob,
    generatePdfJob,
    convertJob,
    createSpreadsheetJob,
    populateTemplateJob,
  ],
  tools: documentsTools,
  // Job status reads have the spec's polling allowance (120 a minute), apart from the tier's.
  // The job-type catalogue is published like the service's limits: public.
  budgets: { 'Query.job': 'polling', 'Query.jobKinds': 'public' },
  resolvers: documentsResolvers,
};
