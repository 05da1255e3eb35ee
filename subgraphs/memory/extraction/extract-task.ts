// Worker-thread entry of the deterministic extractor (deterministic.ts): a long message's patterns
// run off the event loop (issue 29, finding 3: one message near the 100,000-character cap froze
// the platform 1 s, a hundred of them 25 s).
import { defineTask } from '../../../core/jobs/task.ts';
import { extractDeterministic } from './deterministic.ts';
import type { Extraction, ExtractionInput } from './extractor.ts';

export default defineTask((input: ExtractionInput): Extraction => extractDeterministic(input));
