import { parse, type OperationDefinitionNode } from 'graphql';
import { expect, it } from 'vitest';
import { bucketFor, isFree } from '../../edge/policies.ts';

const op = (q: string) => parse(q).definitions[0] as OperationDefinitionNode;

it('charges public fields by address, job polling to its own allowance, the rest to the key', () => {
  expect(bucketFor(op('{ codes { fileId } blogPosts { id } }'))).toBe('public');
  expect(bucketFor(op('query($id: ID!) { job(id: $id) { status } }'))).toBe('polling');
  expect(bucketFor(op('{ job(id: "x") { id } codes { fileId } }'))).toBe('api');
  expect(bucketFor(op('{ jobs { id } }'))).toBe('api');
  expect(bucketFor(op('mutation { createDiagnosticJob(input: {}) { id } }'))).toBe('api');
});

it('never charges the desktop heartbeat, alone; a heartbeat sent with other work pays for that work', () => {
  expect(isFree(op('mutation { heartbeat(machineId: "m") { machineId } }'))).toBe(true);
  expect(isFree(op('mutation { heartbeat(machineId: "m") { machineId } createDiagnosticJob(input: {}) { id } }'))).toBe(false);
  expect(isFree(op('{ codes { fileId } }'))).toBe(false);
});
