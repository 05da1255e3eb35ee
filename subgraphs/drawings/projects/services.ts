// The project graph's collaborators for one platform database: the store
// (libSQL's or PostgreSQL's, as the database's engine); when EMBEDDINGS_URL names an
// OpenAI-compatible endpoint, the embedder whose vectors search adds to full text; when
// PROJECT_LLM_URL names one, the model that writes community summaries.
import type { Config } from '../../../core/config.ts';
import { databaseEngine, type Database } from '../../../core/db/client.ts';
import { embedderFor, type Embedder } from '../../../core/embedding/embed.ts';
import { createLlmSummarizer, type CommunitySummarizer } from './community-summaries.ts';
import { sheetNumberOptions, type SheetNumberOptions } from './sheet-number.ts';
import { createLibsqlProjectStore } from './store/libsql-store.ts';
import { createPostgresProjectStore } from './store/postgres-store.ts';
import type { ProjectGraphStore } from './store/project-graph-store.ts';

export interface ProjectServices {
  store: ProjectGraphStore;
  /** Null without an embeddings endpoint: search is then full text plus graph expansion. */
  embedder: Embedder | null;
  sheetNumbers: SheetNumberOptions;
  /** Null without PROJECT_LLM_URL: communities keep their deterministic summaries only. */
  summarizer: CommunitySummarizer | null;
}

const cache = new WeakMap<Database, ProjectServices>();

export function projectServices(db: Database, config: Config): ProjectServices {
  let s = cache.get(db);
  if (!s) {
    s = {
      store: databaseEngine(db) === 'postgresql' ? createPostgresProjectStore(db) : createLibsqlProjectStore(db),
      embedder: config.embeddingsUrl ? embedderFor(config) : null,
      sheetNumbers: sheetNumberOptions(),
      summarizer: config.projectLlmUrl
        ? createLlmSummarizer({ url: config.projectLlmUrl, model: config.projectLlmModel, apiKey: config.projectLlmApiKey ?? undefined, timeoutMs: config.projectLlmTimeoutMs })
        : null,
    };
    cache.set(db, s);
  }
  return s;
}
