// A fake Windows machine for detection: files under Program Files and registry keys, as given.
import { win32 } from 'node:path';
import type { DetectionHost } from '../../src/detection/detect.ts';

export const PF = 'C:\\Program Files';
export const PF86 = 'C:\\Program Files (x86)';

export function fakeHost(files: string[], registry: Record<string, Record<string, string>>): DetectionHost {
  const norm = (p: string) => win32.normalize(p).toLowerCase();
  const fileSet = new Set(files.map(norm));
  const keys = new Map(Object.entries(registry).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    env: (name) => (({ ProgramFiles: PF, 'ProgramFiles(x86)': PF86 }) as Record<string, string>)[name],
    async listDir(path) {
      const prefix = norm(path) + '\\';
      const names = new Set<string>();
      for (const f of files)
        if (norm(f).startsWith(prefix)) names.add(win32.normalize(f).slice(prefix.length).split('\\')[0]!);
      return [...names];
    },
    isFile: async (path) => fileSet.has(norm(path)),
    registry: {
      async subkeys(key) {
        const prefix = key.toLowerCase() + '\\';
        return [
          ...new Set(
            [...keys.keys()]
              .filter((k) => k.startsWith(prefix))
              .map(
                (k) =>
                  Object.keys(registry)
                    .find((o) => o.toLowerCase() === k)!
                    .slice(prefix.length)
                    .split('\\')[0]!,
              ),
          ),
        ];
      },
      values: async (key) => keys.get(key.toLowerCase()) ?? null,
      defaultValue: async (key) => keys.get(key.toLowerCase())?.[''],
    },
  };
}
