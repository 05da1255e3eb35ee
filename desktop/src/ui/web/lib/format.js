// Numbers as an engineer reads them: the model's units named in every column header, lengths of
// displacement in mm (in for US models), four significant digits, thousands grouped, and the
// solver's round-off (1e-17 next to 1e-3) shown as 0.

/** CSI's unit systems (tool-schema UNITS: force_length_temperature) → force and length names. */
export function unitsOf(code) {
  const [force = 'kN', length = 'm'] = String(code ?? 'kN_m_C').split('_');
  const small = { m: 'mm', mm: 'mm', ft: 'in', in: 'in' }[length] ?? length;
  const toSmall = { m: 1000, mm: 1, ft: 12, in: 1 }[length] ?? 1;
  return {
    force,
    length,
    small,
    toSmall,
    moment: `${force}·${length}`,
    stress: `${force}/${length}²`,
    perLength: `${force}/${length}`,
  };
}

const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** Four significant digits, grouped; `floor` (the largest magnitude of the set) turns round-off into 0. */
export function num(value, floor = 0) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  if (value === 0 || Math.abs(value) < Math.abs(floor) * 1e-9) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e4 && abs < 1e12) return grouped.format(value);
  if (abs >= 1e12 || abs < 1e-4) return value.toExponential(3).replace('e', ' × 10^').replace('+', '');
  return Number(value.toPrecision(4)).toString();
}

/** The largest magnitude in a column of rows (for num's floor). */
export const largest = (rows, k) => rows.reduce((m, r) => Math.max(m, Math.abs(Number(r[k]) || 0)), 0);

export const seconds = (ms) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
export const when = (iso) => (iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : '');
export const plural = (n, one, many = `${one}s`) => `${grouped.format(n)} ${n === 1 ? one : many}`;
