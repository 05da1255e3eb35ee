import { parse, type OperationDefinitionNode } from 'graphql';
import { expect, it } from 'vitest';
import { bucketFor, isPublic } from '../../edge/policies.ts';

const op = (q: string) => parse(q).definitions[0] as OperationDefinitionNode;

it('charges public fields by address, job polling to its own allowance, the rest to the key', () => {
  expect(bucketFor(op('{ codes { fileId } blogPosts { id } }'))).toBe('public');
  expect(bucketFor(op('query($id: ID!) { job(id: $id) { status } }'))).toBe('polling');
  expect(bucketFor(op('{ job(id: "x") { id } codes { fileId } }'))).toBe('api');
  expect(bucketFor(op('{ jobs { id } }'))).toBe('api');
  expect(bucketFor(op('mutation { createDiagnosticJob(input: {}) { id } }'))).toBe('api');
});

it('charges desktop heartbeats to their own allowance, as the agents subgraph declares', () => {
  expect(bucketFor(op('mutation { heartbeat(machineId: "m") { connected } }'))).toBe('heartbeat');
  expect(bucketFor(op('mutation { heartbeat(machineId: "m") { connected } __typename }'))).toBe('heartbeat');
  // Anything else in the same operation spends the key's budget, as does a query named like it.
  expect(
    bucketFor(op('mutation { heartbeat(machineId: "m") { connected } registerClient(input: {}) { connected } }')),
  ).toBe('api');
  expect(bucketFor(op('{ heartbeat }'))).toBe('api');
  // The bridge's answers to tool calls likewise (a long analysis answers many).
  expect(bucketFor(op('mutation { submitToolResult(input: {callId: "c", result: {}}) { status } }'))).toBe('bridge');
  expect(
    bucketFor(
      op(
        'mutation { submitToolResult(input: {callId: "c", result: {}}) { status } heartbeat(machineId: "m") { connected } }',
      ),
    ),
  ).toBe('api');
  expect(bucketFor(op('{ __typename }'))).toBe('public');
  expect(bucketFor(op('{ __schema { types { name } } codes { fileId } }'))).toBe('public');
});

it('runs a query of public fields only without a key', () => {
  expect(isPublic(op('{ codes { fileId } jobKinds { type } }'))).toBe(true);
  expect(isPublic(op('{ codes { fileId } jobs { nodes { id } } }'))).toBe(false);
  expect(isPublic(op('mutation { heartbeat(machineId: "m") { connected } }'))).toBe(false);
});
