// The pages' few inline scripts are TypeScript modules in src/inline/ that import the rules they
// apply (the results address, the slug rule, …) from the modules the rest of the code uses.
// Each is bundled and minified at build time into one classic script that runs where it stands
// in the page, before any island's code has arrived; so no rule is restated by hand.
import { buildSync } from 'esbuild';
import { join } from 'node:path';

export type InlineScript =
  | 'focus-on-swap'
  | 'proxy-images'
  | 'proxy-images-signed'
  | 'early-taps'
  | 'first-job'
  | 'kiosk'
  | 'register-worker'
  | 'language-links';

const bundled = new Map<string, string>();

/**
 * The script's code: the module bundled and minified with a call of its `run(args)`. The args
 * travel as JSON with `<` escaped, so that no value can close the script element.
 */
export function inlineScript(name: InlineScript, args?: unknown): string {
  const json = args === undefined ? '' : JSON.stringify(args).replace(/</g, '\\u003c');
  const key = `${name}(${json})`;
  const cached = bundled.get(key);
  if (cached) return cached;
  // Astro renders from a bundle of its own; the sources are found from the project folder.
  const [output] = buildSync({
    stdin: {
      contents: `import { run } from './${name}.ts'; run(${json});`,
      resolveDir: join(process.cwd(), 'src', 'inline'),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    write: false,
  }).outputFiles;
  const code = output!.text.trim();
  bundled.set(key, code);
  return code;
}
