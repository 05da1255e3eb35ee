// Worker tasks and the thread boundary. A value crosses threads by structured clone, which keeps
// only an Error's message and loses its class, so an AppError thrown inside a task would arrive as
// a bare Error and become a 500. A task module's default export is wrapped by defineTask, which
// packs an AppError into the task's result; the pool (worker-pool.ts) unpacks it and throws the
// same AppError, code, message, details and field mention, in the caller's thread. Every task does it this way,
// so no task or caller packs or unpacks errors of its own.
import { types } from 'node:util';
import { AppError, type ErrorCode, type FieldMention } from '../errors.ts';

const messageOf = (err: unknown) =>
  err && typeof (err as Error).message === 'string' ? (err as Error).message : String(err);

const PACKED = '__appError';

interface Packed {
  [PACKED]: { code: ErrorCode; message: string; details?: Record<string, unknown>; field?: FieldMention };
}

/** The default export of a task module: `export default defineTask((payload: P) => result)`. */
export function defineTask<P, R>(task: (payload: P) => R | Promise<R>): (payload: P) => Promise<R | Packed> {
  return async (payload) => {
    try {
      return await task(payload);
    } catch (err) {
      // The field mention goes too: REST spells the field from it (rest-compat/router.ts).
      if (err instanceof AppError)
        return { [PACKED]: { code: err.code, message: err.message, details: err.details, field: err.field } };
      // Structured clone keeps only native errors: anything else thrown (a library's error object
      // made without the Error constructor, a string) would reach the caller as a plain object and
      // the job's message would read "[object Object]". Its message and stack go over as an Error.
      if (!types.isNativeError(err))
        throw Object.assign(new Error(messageOf(err)), { stack: (err as Error | undefined)?.stack });
      throw err;
    }
  };
}

/** A task's result as its caller sees it: the value, or the task's AppError thrown again. */
export function unpackTaskResult<R>(value: unknown): R {
  if (value !== null && typeof value === 'object' && PACKED in value) {
    const { code, message, details, field } = (value as Packed)[PACKED];
    throw new AppError(code, message, details, field);
  }
  return value as R;
}

/** Runs a task in this thread (benchmarks and evaluations measure the task alone): its value, or its AppError thrown. */
export const runInline = async <P, R>(task: (payload: P) => Promise<R | Packed>, payload: P): Promise<R> =>
  unpackTaskResult<R>(await task(payload));
