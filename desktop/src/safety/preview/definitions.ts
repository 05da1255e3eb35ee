// Definitions by name: a name the model already has is redefined (a modification, shown but not
// held), a new one is added.
import { plural, type PreviewRules } from './rule.ts';

export const DEFINITION_RULES: PreviewRules = {
  define_material(args, { c, has }) {
    (has('materials', args.name) ? c.modifies : c.adds).push(`material ${args.name}`);
  },
  define_section(args, { c, has }) {
    (has('sections', args.name) ? c.modifies : c.adds).push(`section ${args.name} (${args.section.shape})`);
  },
  define_area_section(args, { c, has }) {
    (has('area_sections', args.name) ? c.modifies : c.adds).push(`area section ${args.name}`);
  },
  define_modal_case(args, { c, has }) {
    (has('cases', args.name) ? c.modifies : c.adds).push(`modal case ${args.name} (${args.modes} modes)`);
  },
  define_response_spectrum(args, { c, has }) {
    (has('cases', args.name) ? c.modifies : c.adds).push(
      `response-spectrum case ${args.name} (${args.spectrum.code}, ${args.direction}, ${args.combination})`,
    );
  },
  define_mass_source(args, { c }) {
    c.modifies.push(`mass source ${args.name}`);
  },
  define_grids(args, { c }) {
    c.modifies.push(
      `the grid (replaced by ${plural(args.x.length, 'line')} along X and ${plural(args.y.length, 'line')} along Y)`,
    );
  },
};
