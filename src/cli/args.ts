// Command-line parsing: the flag tables of src/cli/flags.ts become commander commands (the
// library parses, lists a command's flags in its --help and finds unknown flags), and the values
// come back typed from the same table. Errors name the flag and its allowed range or values, in
// one line, and are thrown as CliError (exit code 2); never a stack trace.

import { Command, CommanderError, Option } from 'commander';

export class CliError extends Error {}

/** Thrown after a command's --help was printed: the command ends with exit code 0. */
export class HelpShown extends Error {}

/** One flag: its kind, the name of its value in usage lines, its help, and what it allows. */
export type FlagDef =
  | { readonly kind: 'bool'; readonly help: string }
  | {
      readonly kind: 'string';
      readonly value: string;
      readonly help: string;
      readonly choices?: readonly string[];
      readonly default?: string;
      /** The message when the flag is left out, if the command needs it. */
      readonly required?: string;
    }
  | {
      readonly kind: 'int' | 'number';
      readonly value: string;
      readonly help: string;
      readonly min?: number;
      readonly max?: number;
      readonly default?: number;
      readonly required?: string;
    }
  /** Repeatable: every occurrence adds one value. */
  | { readonly kind: 'list'; readonly value: string; readonly help: string }
  /** A value of another shape: `parse` checks it (throwing a CliError) and converts it. */
  | {
      readonly kind: 'custom';
      readonly value: string;
      readonly help: string;
      readonly parse: (raw: string) => unknown;
    };

export interface CommandDef {
  readonly name: string;
  readonly summary: string;
  /**
   * Usage lines after `opt NAME`: `<flag>` stands for the flag with its value (`--dim D`, `--emit
   * wgsl|ir|js`, `--set name=value ...`); an optional note follows the line in `opt --help`.
   */
  readonly usage: readonly { readonly line: string; readonly note?: string }[];
  readonly flags: { readonly [flag: string]: FlagDef };
}

/** The type of a flag's value. */
type Value<F> = F extends { kind: 'bool' }
  ? boolean
  : F extends { kind: 'int' | 'number' }
    ? number
    : F extends { kind: 'list' }
      ? string[]
      : F extends { parse: (raw: string) => infer T }
        ? T
        : F extends { choices: readonly (infer C)[] }
          ? C
          : string;

/** Flags that always have a value: booleans (false), lists ([]), defaults and required flags. */
type Always<F> = F extends { kind: 'bool' | 'list' } | { default: unknown } | { required: string }
  ? true
  : false;

/** The typed values of a command's flags, keyed by flag name as typed (`dump-ir`). */
export type FlagValues<Fs> = {
  -readonly [K in keyof Fs]: Always<Fs[K]> extends true ? Value<Fs[K]> : Value<Fs[K]> | undefined;
};

export interface Parsed<C extends CommandDef> {
  /** The operands: everything that is not a flag or a flag's value, in order. */
  positional: string[];
  flags: FlagValues<C['flags']>;
}

const range = (f: { min?: number; max?: number }) => `${f.min ?? '-inf'}..${f.max ?? 'inf'}`;

/** A flag's value as it checks it: an int or number in its range, one of its choices, ... */
function parseValue(name: string, f: FlagDef, raw: string, previous: unknown): unknown {
  switch (f.kind) {
    case 'bool':
      return true;
    case 'int':
    case 'number': {
      const v = Number(raw);
      const ok =
        raw.trim() !== '' && Number.isFinite(v) && (f.kind === 'number' || Number.isInteger(v));
      if (!ok)
        throw new CliError(
          `--${name}: expected ${f.kind === 'int' ? 'an integer' : 'a number'} in ${range(f)}, got '${raw}'`,
        );
      if ((f.min !== undefined && v < f.min) || (f.max !== undefined && v > f.max))
        throw new CliError(`--${name}: ${v} is outside the allowed range ${range(f)}`);
      return v;
    }
    case 'string':
      if (f.choices && !f.choices.includes(raw))
        throw new CliError(`--${name}: '${raw}' is not one of ${f.choices.join(', ')}`);
      return raw;
    case 'list':
      return [...(Array.isArray(previous) ? previous : []), raw];
    case 'custom':
      return f.parse(raw);
  }
}

/** What a flag allows, for its --help line. */
function allowed(f: FlagDef): string {
  const parts: string[] = [];
  if (f.kind === 'int' || f.kind === 'number')
    parts.push(`${f.kind === 'int' ? 'an integer' : 'a number'} in ${range(f)}`);
  if (f.kind === 'string' && f.choices) parts.push(`one of ${f.choices.join(', ')}`);
  if (f.kind === 'list') parts.push('repeatable');
  if ((f.kind === 'string' || f.kind === 'int' || f.kind === 'number') && f.default !== undefined)
    parts.push(`default ${f.default}`);
  if ((f.kind === 'string' || f.kind === 'int' || f.kind === 'number') && f.required)
    parts.push('required');
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** A flag as usage lines write it: `--dim D`, `--emit wgsl|ir|js`, `--set name=value ...`. */
export function flagUsage(name: string, f: FlagDef): string {
  if (f.kind === 'bool') return `--${name}`;
  const value = f.kind === 'string' && f.choices ? f.choices.join('|') : f.value;
  return `--${name} ${value}${f.kind === 'list' ? ' ...' : ''}`;
}

/** A command's usage lines, `<flag>` written out from its table (an unknown name is a bug). */
export function usageLines(def: CommandDef): string[] {
  return def.usage.map(({ line }) =>
    `opt ${def.name} ${line}`.replace(/<([a-z][a-z-]*)>/g, (_, name: string) => {
      const f = def.flags[name];
      if (!f) throw new Error(`internal: usage of opt ${def.name} names an unknown flag --${name}`);
      return flagUsage(name, f);
    }),
  );
}

function commandFor(def: CommandDef): { cmd: Command; options: Map<string, Option> } {
  const options = new Map<string, Option>();
  const cmd = new Command(`opt ${def.name}`)
    .description(def.summary)
    .argument('[operands...]')
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: () => {}, // the error is reported once, as a CliError, by opt's main
    })
    .configureHelp({ commandUsage: () => usageLines(def).join('\n       ') });
  for (const [name, f] of Object.entries(def.flags)) {
    const o = new Option(
      f.kind === 'bool' ? `--${name}` : `--${name} <${f.value}>`,
      f.help + allowed(f),
    );
    if (f.kind !== 'bool')
      o.argParser((raw: string, previous: unknown) => parseValue(name, f, raw, previous));
    cmd.addOption(o);
    options.set(name, o);
  }
  return { cmd, options };
}

/** commander's own errors, in opt's words. */
function cliErrorOf(e: CommanderError, def: CommandDef): Error {
  if (e.code === 'commander.helpDisplayed') return new HelpShown();
  if (e.code === 'commander.unknownOption') {
    const flag = (/'([^']*)'/.exec(e.message)?.[1] ?? '').replace(/=.*/s, '');
    if (def.flags[flag.slice(2)]?.kind === 'bool') return new CliError(`${flag} takes no value`);
    return new CliError(
      `unknown flag ${flag} (known: ${Object.keys(def.flags)
        .map((f) => '--' + f)
        .join(', ')})`,
    );
  }
  if (e.code === 'commander.optionMissingArgument') {
    const flag = /'(--[\w-]+)/.exec(e.message)?.[1] ?? 'a flag';
    return new CliError(`${flag} needs a value`);
  }
  return new CliError(e.message.replace(/^error: /, ''));
}

/**
 * Parses a command's arguments against its table: the operands, and each flag's value typed by
 * the table (a default where the flag is left out; false for a boolean, [] for a list). A bad
 * value, an unknown flag or a missing required flag throws a CliError; --help prints the
 * command's help and throws HelpShown.
 */
export function parseCommand<C extends CommandDef>(def: C, argv: readonly string[]): Parsed<C> {
  const { cmd, options } = commandFor(def);
  try {
    cmd.parse(argv, { from: 'user' });
  } catch (e) {
    throw e instanceof CommanderError ? cliErrorOf(e, def) : e;
  }
  const opts = cmd.opts();
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.flags)) {
    const option = options.get(name);
    let v: unknown = option ? opts[option.attributeName()] : undefined;
    if (v === undefined) {
      if (f.kind === 'bool') v = false;
      else if (f.kind === 'list') v = [];
      else if ((f.kind === 'string' || f.kind === 'int' || f.kind === 'number') && f.required)
        throw new CliError(f.required);
      else if (f.kind === 'string' || f.kind === 'int' || f.kind === 'number') v = f.default;
    }
    values[name] = v;
  }
  const operands: unknown = cmd.processedArgs[0];
  return {
    positional: Array.isArray(operands) ? operands.map(String) : [],
    // The values were checked and converted flag by flag above, as FlagValues describes.
    flags: values as FlagValues<C['flags']>,
  };
}

/**
 * The arguments without the given flags and their values (`--x v` and `--x=v`), for a command
 * that runs itself again with some flags replaced (opt bench --isolate).
 */
export function withoutFlags<C extends CommandDef>(
  def: C,
  argv: readonly string[],
  names: readonly (keyof C['flags'] & string)[],
): string[] {
  return splitFlags(def, argv, names).rest;
}

/** The arguments of flags `names` in `argv` (each flag with its value), in their order. */
export function flagArgs<C extends CommandDef>(
  def: C,
  argv: readonly string[],
  names: readonly (keyof C['flags'] & string)[],
): string[] {
  return splitFlags(def, argv, names).taken;
}

/** `argv` split into the flags `names` with their values, and the rest (`--` ends the flags). */
function splitFlags<C extends CommandDef>(
  def: C,
  argv: readonly string[],
  names: readonly (keyof C['flags'] & string)[],
): { rest: string[]; taken: string[] } {
  const rest: string[] = [];
  const taken: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k] ?? '';
    if (a === '--') {
      rest.push(...argv.slice(k));
      break;
    }
    const name = names.find((n) => a === `--${n}` || a.startsWith(`--${n}=`));
    if (name === undefined) rest.push(a);
    else if (a === `--${name}` && def.flags[name]?.kind !== 'bool') {
      taken.push(a, argv[k + 1] ?? '');
      k++; // and its value
    } else taken.push(a);
  }
  return { rest, taken };
}

/** A command's --help text (what `opt NAME --help` prints). */
export function commandHelp(def: CommandDef): string {
  return commandFor(def).cmd.helpInformation();
}

/** `--set name=value` flags as a record (opt run, opt eval, opt compile). */
export function parseSets(sets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sets) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(s);
    if (!m || m[1] === undefined || m[2] === undefined)
      throw new CliError(`--set: expected name=value, got '${s}'`);
    out[m[1]] = m[2];
  }
  return out;
}
