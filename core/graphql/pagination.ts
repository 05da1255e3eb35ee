// Cursor pagination for GraphQL lists (`first`/`after` → {nodes, pageInfo {endCursor, hasNextPage}}).
// The cursor is opaque to clients; inside it is the offset after the item (base64url), which suits
// the lists we page (small, in a stable order: codes by date added, posts and jobs newest first).
// A list that grows at its head while a client pages may show an item twice, never skip one that
// existed when paging began ahead of the cursor; keyset cursors replace this when a list needs it.
import { AppError } from '../errors.ts';

export interface PageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
}

const encode = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

/** The offset a cursor stands for; a cursor we did not issue is a VALIDATION_ERROR naming `after`. */
export function offsetOf(after: string | null | undefined): number {
  if (after == null) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(after, 'base64url').toString('latin1'));
  if (!m) throw new AppError('VALIDATION_ERROR', 'after: not a cursor this list issued', { field: 'after' });
  return Number(m[1]);
}

/** Checks `first` against the list's bound; UNPROCESSABLE naming `first` otherwise. */
export function pageSize(first: number, max: number): number {
  if (!Number.isInteger(first) || first < 1 || first > max)
    throw new AppError('UNPROCESSABLE', `first must be between 1 and ${max}`, { field: 'first' });
  return first;
}

/**
 * A page from the items after `offset`: `window` holds those items, at least first + 1 of them
 * when a further page exists (the extra one only tells hasNextPage).
 */
export function connection<T>(window: T[], offset: number, first: number): Connection<T> {
  const nodes = window.slice(0, first);
  return {
    nodes,
    pageInfo: { endCursor: nodes.length ? encode(offset + nodes.length) : null, hasNextPage: window.length > first },
  };
}

/** A page of a list held whole in memory, with its total. */
export function pageOf<T>(
  items: T[],
  args: { first: number; after?: string | null },
  max: number,
): Connection<T> & { totalCount: number } {
  const first = pageSize(args.first, max);
  const offset = offsetOf(args.after);
  return { ...connection(items.slice(offset, offset + first + 1), offset, first), totalCount: items.length };
}
