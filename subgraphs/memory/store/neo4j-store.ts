import { AppError } from '../../../core/errors.ts';
import type { MemoryStore } from './memory-store.ts';

export interface Neo4jOptions {
  uri: string;
  user: string;
  password: string;
}

export function createNeo4jStore(_options: Neo4jOptions): MemoryStore {
  throw new AppError('NOT_IMPLEMENTED', 'The Neo4j memory store is not implemented yet');
}
