import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';

const server = 'http://localhost:3000';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** What a web build is made of: the same sources always give the same id, any change a new one. */
const BUILD_INPUTS = ['apps/web/index.html', 'apps/web/src', 'apps/web/public', 'packages/engine/src', 'packages/protocol/src', 'package-lock.json'];

function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function buildId(): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(path.join(repoRoot, input))) {
      hash.update(path.relative(repoRoot, file).split(path.sep).join('/'));
      hash.update('\0');
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The build's id, compiled into the client and written to `build.json`, which the server reads and
 * names in every snapshot: a tab left open across an update learns it runs other rules and reloads.
 */
function buildIdPlugin(id: string): Plugin {
  return {
    name: 'smoulder-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ id })}\n` });
    },
  };
}

export default defineConfig(({ command }) => {
  // The dev server's client changes under the developer's hands: it never asks to reload.
  const id = command === 'build' ? buildId() : '';
  return {
    plugins: [vue(), buildIdPlugin(id)],
    define: {
      __VUE_I18N_FULL_INSTALL__: true,
      __VUE_I18N_LEGACY_API__: false,
      __INTLIFY_PROD_DEVTOOLS__: false,
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(id),
    },
    server: {
      proxy: {
        '/api': { target: server, changeOrigin: false },
        '/ws': { target: server, ws: true, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
    },
  };
});
