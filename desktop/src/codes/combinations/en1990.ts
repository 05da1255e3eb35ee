// EN 1990:2002 + A1 combinations with the recommended values of Annex A1 (buildings).
// - STR, expression 6.10 with Table A1.2(B): Σ γG Gk + γQ,1 Qk,1 + Σ γQ,i ψ0,i Qk,i, γG = 1.35
//   (unfavourable) or 1.00 (favourable), γQ = 1.5; each variable action leads in turn.
// - SLS characteristic (6.14b): Σ Gk + Qk,1 + Σ ψ0,i Qk,i.
// - SLS quasi-permanent (6.16b): Σ Gk + Σ ψ2,i Qk,i.
// - Seismic (6.12b): Σ Gk + AEd + Σ ψ2,i Qk,i, each seismic pattern (and its opposite).
// ψ from Table A1.1: imposed loads by category A–H, snow (sites up to or above 1000 m), wind;
// roof_live is category H. Each wind pattern is one direction: winds never act together.
// EN 1990 has no rain action: rain patterns are refused.
import { CombinationError, items, lateral, type GeneratedCombination, type Group, type Options } from './types.ts';

const PSI_IMPOSED: Record<Options['imposed_category'], [number, number, number]> = {
  A: [0.7, 0.5, 0.3],
  B: [0.7, 0.5, 0.3],
  C: [0.7, 0.7, 0.6],
  D: [0.7, 0.7, 0.6],
  E: [1.0, 0.9, 0.8],
  F: [0.7, 0.7, 0.6],
  G: [0.7, 0.5, 0.3],
  H: [0, 0, 0],
};
const PSI_WIND: [number, number, number] = [0.6, 0.2, 0];

type Action = { label: string; group: Group; psi: [number, number, number]; family: string };

export function en1990(
  o: Options,
  kind: 'STR' | 'characteristic' | 'quasi-permanent' | 'seismic',
): GeneratedCombination[] {
  if (o.rain.length)
    throw new CombinationError(
      'generate.rain: EN 1990 has no rain action; give rain as snow or an explicit combination',
    );
  const G: Group = o.dead;
  const psiSnow: [number, number, number] = o.snow_above_1000m ? [0.7, 0.5, 0.2] : [0.5, 0.2, 0];
  const actions: Action[] = [];
  if (o.live.length) actions.push({ label: 'Q', group: o.live, psi: PSI_IMPOSED[o.imposed_category], family: 'live' });
  if (o.roof_live.length) actions.push({ label: 'QH', group: o.roof_live, psi: PSI_IMPOSED.H, family: 'roof' });
  if (o.snow.length) actions.push({ label: 'S', group: o.snow, psi: psiSnow, family: 'snow' });
  const winds: Action[] = lateral(o.wind, o.opposite_lateral).map((w) => ({
    label: w.label,
    group: [w.pattern],
    psi: PSI_WIND.map((v) => v * w.sign) as [number, number, number],
    family: 'wind',
  }));
  const prefix =
    o.prefix ?? ({ STR: 'ULS', characteristic: 'SLS-C', 'quasi-permanent': 'SLS-QP', seismic: 'SEIS' } as const)[kind];
  const out: GeneratedCombination[] = [];
  const seen = new Set<string>();
  const add = (label: string, source: string, design: GeneratedCombination['design'], terms: [number, Group][]) => {
    const it = items(...terms);
    const key = JSON.stringify([...it].sort((a, b) => a.case.localeCompare(b.case)));
    if (!it.length || seen.has(key)) return;
    seen.add(key);
    out.push({
      name: `${prefix}${out.length + 1}${label ? ` ${label}` : ''}`.slice(0, 64),
      type: 'linear',
      items: it,
      design,
      source,
    });
  };
  /** The accompanying variable actions of a leading one: every other family, one wind direction at a time. */
  const accompanying = (lead: Action | null): Action[][] => {
    const others = actions.filter((a) => a !== lead && a.family !== lead?.family);
    const windOptions = lead?.family === 'wind' ? [[]] : winds.length ? winds.map((w) => [w]) : [[]];
    return windOptions.map((w) => [...others, ...w]);
  };
  const leads = [...actions, ...winds];
  if (kind === 'STR') {
    for (const gG of [1.35, 1.0]) {
      if (gG === 1.35) add('G', 'EN 1990 6.10, Table A1.2(B)', 'strength', [[1.35, G]]);
      for (const lead of leads) {
        const leadSign = lead.family === 'wind' && lead.label.startsWith('-') ? -1 : 1;
        for (const acc of accompanying(lead)) {
          add(
            `${gG === 1.35 ? 'Gsup' : 'Ginf'} ${lead.label} lead${acc.length ? ` +${acc.map((a) => a.label).join(',')}` : ''}`,
            'EN 1990 6.10, Table A1.2(B)',
            'strength',
            [[gG, G], [1.5 * leadSign, lead.group], ...acc.map((a): [number, Group] => [1.5 * a.psi[0], a.group])],
          );
        }
      }
    }
  } else if (kind === 'characteristic') {
    if (!leads.length) add('G', 'EN 1990 6.14b', 'service', [[1, G]]);
    for (const lead of leads) {
      const leadSign = lead.family === 'wind' && lead.label.startsWith('-') ? -1 : 1;
      for (const acc of accompanying(lead))
        add(`${lead.label} lead`, 'EN 1990 6.14b', 'service', [
          [1, G],
          [leadSign, lead.group],
          ...acc.map((a): [number, Group] => [a.psi[0], a.group]),
        ]);
    }
  } else if (kind === 'quasi-permanent') {
    add('', 'EN 1990 6.16b', 'service', [[1, G], ...actions.map((a): [number, Group] => [a.psi[2], a.group])]);
  } else {
    for (const e of lateral(o.seismic, o.opposite_lateral))
      add(e.label, 'EN 1990 6.12b', 'strength', [
        [1, G],
        [e.sign, [e.pattern]],
        ...actions.map((a): [number, Group] => [a.psi[2], a.group]),
      ]);
  }
  return out;
}
