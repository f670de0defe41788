// Bundles the server (with the shared package's TypeScript source) into dist/; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@shop/'),
);

await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  // Tests that start the built server build a private copy (SERVER_BUILD_DIR) so they never race.
  outdir: process.env.SERVER_BUILD_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`server built into packages/server/${process.env.SERVER_BUILD_DIR ?? 'dist'}`);
