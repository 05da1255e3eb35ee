// Every fuzz family, in the order the run gives them their phases. A new family is a file beside
// this one and a line here.
import type { FuzzFamily } from '../family.ts';
import { graphql } from './graphql.ts';
import { memoryJson } from './memory-json.ts';
import { multipartPdf } from './multipart-pdf.ts';
import { restJson } from './rest-json.ts';
import { socketFlood } from './socket-flood.ts';
import { xml } from './xml.ts';
import { zipMcdx } from './zip-mcdx.ts';
import { zipOoxml } from './zip-ooxml.ts';

export const FAMILIES: FuzzFamily[] = [graphql, multipartPdf, zipOoxml, zipMcdx, xml, memoryJson, restJson, socketFlood];
