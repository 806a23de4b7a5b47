import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit codes of the command-line tools: done, failed, or called wrongly (the shell convention). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type ParsedValues<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>['values'];

export interface CommandSpec<O extends OptionsConfig> {
  /** The file's name in dist/server/cli and the npm script's name, when they differ. */
  name: string;
  script: string;
  /** What follows the command, e.g. `<email>` or `[--generate] <email>`. */
  synopsis: string;
  /** What the command does and what it needs, in a few lines. */
  description: string;
  /** Options besides --help, with a line of help each. */
  options: { [K in keyof O]: O[K] & { help: string; valueName?: string } };
  positionals: { min: number; max: number };
}

/** The usage text every tool prints for --help (standard output) and after a wrong call (standard error). */
export function usageOf<O extends OptionsConfig>(spec: CommandSpec<O>): string {
  const lines = [
    `Usage: npm run ${spec.script} -- ${spec.synopsis}`.trimEnd(),
    `       node dist/server/cli/${spec.name}.js ${spec.synopsis}   (an install without dev dependencies)`,
    '',
    spec.description.trim(),
    '',
    'Options:',
  ];
  const rows: [string, string][] = Object.entries(spec.options).map(([long, option]) => [
    `${option.short ? `-${option.short}, ` : '    '}--${long}${option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : ''}`,
    option.help,
  ]);
  rows.push(['-h, --help', 'Show this help and exit.']);
  const width = Math.max(...rows.map(([left]) => left.length));
  for (const [left, help] of rows) lines.push(`  ${left.padEnd(width)}  ${help}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads the command line with Node's `parseArgs`, strictly: `--help` (or `-h`) prints the usage
 * and exits 0; an unknown option, a missing value or a wrong number of arguments prints what is
 * wrong and the usage, and exits 2. So `promote --help` can never be taken for an email address.
 */
export function readCommandLine<const O extends OptionsConfig>(spec: CommandSpec<O>, args: string[] = process.argv.slice(2)) {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([long, { help: _help, valueName: _valueName, ...option }]) => [long, option]),
  ) as unknown as O;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  } catch (error) {
    return refuse(spec, (error as Error).message);
  }
  if (parsed.values.help === true) {
    process.stdout.write(usageOf(spec));
    process.exit(EXIT.ok);
  }
  const count = parsed.positionals.length;
  if (count < spec.positionals.min) return refuse(spec, 'Missing argument.');
  if (count > spec.positionals.max) return refuse(spec, `Unexpected argument '${parsed.positionals[spec.positionals.max]}'.`);
  return { values: parsed.values as ParsedValues<O>, positionals: parsed.positionals };
}

function refuse<O extends OptionsConfig>(spec: CommandSpec<O>, problem: string): never {
  process.stderr.write(`${problem}\n\n${usageOf(spec)}`);
  process.exit(EXIT.usage);
}
