import { expect, it } from 'vitest';
import { camelCase, dataKey, snakeCase, snakeFieldPath, toCamelKeys, toSnakeKeys } from '../../core/case.ts';

it('renames keys both ways, deeply through objects and arrays, and leaves values alone', () => {
  const inside = {
    fileHash: 'ab_cd',
    processingMs: 12,
    annotations: { sectionTags: [{ textsInside: [{ id: 't1', text: 'A_B' }], sectionLine: null }] },
    bbox: [1, 2, 3, 4],
  };
  const outside = {
    file_hash: 'ab_cd',
    processing_ms: 12,
    annotations: { section_tags: [{ texts_inside: [{ id: 't1', text: 'A_B' }], section_line: null }] },
    bbox: [1, 2, 3, 4],
  };
  expect(toSnakeKeys(inside)).toEqual(outside);
  expect(toCamelKeys(outside)).toEqual(inside);
});

it('keeps dates, bytes and primitives as they are', () => {
  const when = new Date(0);
  const bytes = new Uint8Array([1, 2]);
  expect(toSnakeKeys({ createdAt: when, rawBytes: bytes })).toEqual({ created_at: when, raw_bytes: bytes });
  expect(toSnakeKeys('fileHash')).toBe('fileHash');
  expect(toCamelKeys(null)).toBeNull();
});

it('spells single names', () => {
  expect(snakeCase('sheetNumber')).toBe('sheet_number');
  expect(snakeCase('page')).toBe('page');
  expect(camelCase('tier1_ms')).toBe('tier1Ms');
  expect(camelCase('job_id')).toBe('jobId');
});

it('spells a field path the spec way, leaving indices and data keys as they are', () => {
  expect(snakeFieldPath('elements[2].resultUnit')).toBe('elements[2].result_unit');
  expect(snakeFieldPath('options.pageOrientation')).toBe('options.page_orientation');
  expect(snakeFieldPath('perPage')).toBe('per_page');
  // A named range is data: its spelling is the caller's own.
  expect(snakeFieldPath('data_mappings.Beam_Span')).toBe('data_mappings.Beam_Span');
  expect(snakeFieldPath('data_mappings.Loads!Total')).toBe('data_mappings.Loads!Total');
  // A quoted data key keeps its spelling even when it looks like a field name, dots included.
  expect(snakeFieldPath(dataKey('dataMappings', 'spanLength'))).toBe('data_mappings["spanLength"]');
  expect(snakeFieldPath(dataKey('dataMappings', "'My Sheet'!beam.spanLength"))).toBe(
    `data_mappings["'My Sheet'!beam.spanLength"]`,
  );
  expect(snakeFieldPath(dataKey('dataMappings', 'say "hiThere"'))).toBe('data_mappings["say \\"hiThere\\""]');
});
