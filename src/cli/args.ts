// Command-line parsing with errors that name the flag and the allowed values.

export class CliError extends Error {}

export interface FlagSpec {
  [flag: string]: {
    kind: 'string' | 'int' | 'number' | 'bool' | 'list';
    min?: number;
    max?: number;
    choices?: string[];
  };
}

export interface Parsed {
  positional: string[];
  flags: Record<string, string | number | boolean | string[]>;
}

export function parseArgs(argv: string[], spec: FlagSpec): Parsed {
  const positional: string[] = [];
  const flags: Parsed['flags'] = {};
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    let [name, value] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const s = spec[name];
    if (!s)
      throw new CliError(
        `unknown flag --${name} (known: ${Object.keys(spec)
          .map((f) => '--' + f)
          .join(', ')})`,
      );
    if (s.kind === 'bool') {
      flags[name] = true;
      continue;
    }
    if (value === undefined) {
      value = argv[++k];
      if (value === undefined) throw new CliError(`--${name} needs a value`);
    }
    if (s.kind === 'int' || s.kind === 'number') {
      const v = Number(value);
      const ok =
        value.trim() !== '' && Number.isFinite(v) && (s.kind === 'number' || Number.isInteger(v));
      const range = `${s.min ?? '-inf'}..${s.max ?? 'inf'}`;
      if (!ok)
        throw new CliError(
          `--${name}: expected ${s.kind === 'int' ? 'an integer' : 'a number'} in ${range}, got '${value}'`,
        );
      if ((s.min !== undefined && v < s.min) || (s.max !== undefined && v > s.max))
        throw new CliError(`--${name}: ${v} is outside the allowed range ${range}`);
      flags[name] = v;
    } else if (s.choices && !s.choices.includes(value)) {
      throw new CliError(`--${name}: '${value}' is not one of ${s.choices.join(', ')}`);
    } else if (s.kind === 'list') {
      ((flags[name] ??= []) as string[]).push(value);
    } else flags[name] = value;
  }
  return { positional, flags };
}

/** `--set name=value` flags as a record (opt run, opt compile --algorithm). */
export function parseSets(sets: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sets ?? []) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(s);
    if (!m) throw new CliError(`--set: expected name=value, got '${s}'`);
    out[m[1]!] = m[2]!;
  }
  return out;
}
