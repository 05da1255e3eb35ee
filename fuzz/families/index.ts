// Every fuzz family, in the order the run gives them their phases. A new family is a file beside
// this one and a line here.
import type { FuzzFamily } from '../family.ts';
import { agentModel } from './agent-model.ts';
import { graphql } from './graphql.ts';
import { hostileStrings } from './hostile-strings.ts';
import { memoryJson } from './memory-json.ts';
import { multipartPdf } from './multipart-pdf.ts';
import { nearCapItems } from './near-cap.ts';
import { pdfInherited } from './pdf-inherited.ts';
import { restJson } from './rest-json.ts';
import { socketFlood } from './socket-flood.ts';
import { xml } from './xml.ts';
import { zipMcdx } from './zip-mcdx.ts';
import { zipOoxml } from './zip-ooxml.ts';
import { zipShared } from './zip-shared.ts';

export const FAMILIES: FuzzFamily[] = [
  graphql,
  multipartPdf,
  zipOoxml,
  zipMcdx,
  xml,
  memoryJson,
  restJson,
  hostileStrings,
  nearCapItems,
  pdfInherited,
  zipShared,
  agentModel,
  socketFlood,
];
