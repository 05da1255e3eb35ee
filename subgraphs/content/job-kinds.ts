// The catalogue of job types, with the typical durations the service publishes.
export interface JobKind {
  type: string;
  title: string;
  description: string;
  typicalSecondsMin: number;
  typicalSecondsMax: number;
}

const KINDS: JobKind[] = [
  { type: 'search', title: 'Code search', description: 'Searches the indexed building codes.', typicalSecondsMin: 1, typicalSecondsMax: 8 },
  { type: 'calcdoc.create_document', title: 'Calculation document', description: 'Builds a .mcdx worksheet from elements.', typicalSecondsMin: 5, typicalSecondsMax: 15 },
  { type: 'calcdoc.generate_pdf', title: 'Calculation PDF', description: 'Renders a .mcdx worksheet to PDF.', typicalSecondsMin: 10, typicalSecondsMax: 30 },
  // The spec gives no durations for these three; they share the calculation document's.
  { type: 'calcdoc.append_elements', title: 'Calculation document update', description: 'Appends elements to a calculation document, as a new version.', typicalSecondsMin: 5, typicalSecondsMax: 15 },
  { type: 'calcdoc.read', title: 'Calculation document reading', description: 'Reads the elements of a .mcdx worksheet.', typicalSecondsMin: 5, typicalSecondsMax: 15 },
  { type: 'calcdoc.convert', title: 'Worksheet conversion', description: 'Converts a Mathcad .xmcd worksheet to .mcdx.', typicalSecondsMin: 5, typicalSecondsMax: 15 },
  { type: 'spreadsheet.create_spreadsheet', title: 'Spreadsheet', description: 'Builds an .xlsx workbook from content blocks.', typicalSecondsMin: 3, typicalSecondsMax: 10 },
  { type: 'spreadsheet.populate_template', title: 'Template filling', description: 'Fills an .xlsx template through named ranges.', typicalSecondsMin: 3, typicalSecondsMax: 10 },
  // The spec gives no duration for memory ingestion; an LLM extraction pass per message batch.
  { type: 'memory.ingest', title: 'Memory ingestion', description: 'Extracts entities and facts from added messages into the group\'s memory graph.', typicalSecondsMin: 2, typicalSecondsMax: 30 },
  // The spec gives no durations for projects; a sheet takes Tier 1's analysis of the page and a little more.
  { type: 'project.ingest_sheet', title: 'Sheet ingestion', description: 'Reads one page of a drawing set into a project graph: entities, relationships and cross-sheet links.', typicalSecondsMin: 1, typicalSecondsMax: 30 },
  { type: 'project.search', title: 'Project search', description: 'Searches a project graph in plain language.', typicalSecondsMin: 0, typicalSecondsMax: 3 },
  { type: 'diagnostic', title: 'Diagnostic job', description: 'Sleeps and computes to exercise the job machinery (tests and benchmarks).', typicalSecondsMin: 0, typicalSecondsMax: 5 },
];

const byType = new Map(KINDS.map((k) => [k.type, k]));

/** Every job type with its kind (test/subgraphs/job-types.test.ts checks each registered handler has one). */
export const jobKinds = (): readonly JobKind[] => KINDS;

export const jobKind = (type: string): JobKind | null => byType.get(type) ?? null;
