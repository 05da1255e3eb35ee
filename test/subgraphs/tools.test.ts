// The tools subgraphs offer agents: gathered from every subgraph's module into one registry, each
// name once, each with a JSON schema the model can be shown.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { tool, toolRegistry } from '../../core/platform-tools.ts';
import { allTools } from '../../subgraphs/registry.ts';

it("gathers each subgraph's tools into the registry the agents read", () => {
  const tools = allTools();
  expect(Object.keys(tools).sort()).toEqual(
    [
      'add_memory',
      'add_project_sheets',
      'analyze_drawing',
      'create_calculation_document',
      'create_spreadsheet',
      'list_library_documents',
      'search_codes',
      'search_memory',
      'search_project',
    ].sort(),
  );
  for (const [name, t] of Object.entries(tools)) {
    expect(t.description.length, name).toBeGreaterThan(20);
    expect(z.toJSONSchema(t.args, { io: 'input' })).toMatchObject({ type: 'object' });
  }
});

it('refuses a tool name two subgraphs both offer', () => {
  const t = tool({ description: 'x', args: z.object({}), run: async () => ({ result: null }) });
  expect(() => toolRegistry([{ same: t }, { same: t }])).toThrow(/same is contributed twice/);
});
