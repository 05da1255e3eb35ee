// The settings the spec lists (Desktop client behavior → Settings), as the settings file
// holds them. Every field has a default, so an older or partial file still loads. The
// account (profile, usage, logout) is not a preference: it lives in the token store and the
// platform, which is why Reset Configuration leaves the sign-in alone. The Software tab
// (version, check for updates, status) shows live state and keeps nothing here.
// Choices where the spec is silent: the palette names, the defaults marked below.
import { z } from 'zod';

export const DESIGN_STANDARDS = ['us', 'eurocode', 'aus-nz', 'canada', 'philippines', 'singapore'] as const;
export const DESIGN_STANDARD_LABELS: Record<(typeof DESIGN_STANDARDS)[number], string> = {
  us: 'US',
  eurocode: 'Eurocode',
  'aus-nz': 'Australia/NZ',
  canada: 'Canada',
  philippines: 'Philippines',
  singapore: 'Singapore',
};
export const PALETTES = ['default', 'blueprint', 'graphite', 'high-contrast'] as const;

const folder = z.string().min(1).max(1024).nullable().default(null);

const General = z.object({
  theme: z.enum(['light', 'dark']).default('light'),
  palette: z.enum(PALETTES).default('default'),
  design_standard: z.enum(DESIGN_STANDARDS).default('us'),
  /** A microphone device id; null = the system default. */
  dictation_microphone: z.string().min(1).max(512).nullable().default(null),
  /** Start the selected analysis program when the app starts (off by default: a running program holds a licence seat). */
  prewarm_on_launch: z.boolean().default(false),
});

const Agents = z.object({
  show_advanced_stats: z.boolean().default(false),
  step_limit: z.int().min(1).max(500).default(25),
  enter_while_working: z.enum(['steer', 'queue']).default('steer'),
  live_thought_panel: z.enum(['latest', 'full']).default('latest'),
  formatting_standards_folder: folder,
});

const ProgramTab = z.object({
  working_directory: folder,
  /** The installation folder the user picked among several; null = the newest. */
  selected_installation: folder,
});
const MathcadTab = ProgramTab.extend({
  auto_open_generated: z.boolean().default(true),
  overwrite_on_edit: z.boolean().default(false),
});

const Python = z.object({
  /** auto: use the first suitable Python found; installation: the one picked; managed: the app's own downloaded environment. */
  mode: z.enum(['auto', 'installation', 'managed']).default('auto'),
  installation: folder,
  managed_environment: folder,
});

export const Settings = z.object({
  version: z.literal(1).default(1),
  general: General.prefault({}),
  agents: Agents.prefault({}),
  programs: z
    .object({ sap2000: ProgramTab.prefault({}), etabs: ProgramTab.prefault({}), mathcad: MathcadTab.prefault({}) })
    .prefault({}),
  python: Python.prefault({}),
});
export type Settings = z.infer<typeof Settings>;

export function defaultSettings(): Settings {
  return Settings.parse({});
}
