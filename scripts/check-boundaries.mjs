#!/usr/bin/env node
/**
 * Import boundaries (run by `npm run lint`): a feature folder does not import another feature folder's files.
 *   web:    apps/web/src/features/<a>/**     ↛ apps/web/src/features/<b>/**
 *   server: apps/server/src/modules/<a>/**   ↛ apps/server/src/modules/<b>/**
 * Shared code lives in apps/web/src/components, apps/server/src/lib or crud, or packages/shared. Biome's
 * noRestrictedImports matches import strings, not resolved paths, so it cannot say "another folder than mine"
 * without one override per feature and per exception; this resolves each relative import instead.
 * Today's violations are listed in import-boundaries.exceptions.mjs; a listed one that no longer occurs fails
 * too, so the list only shrinks.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXCEPTIONS } from './import-boundaries.exceptions.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FEATURE_ROOTS = ['apps/web/src/features', 'apps/server/src/modules'];
// import … from '…', export … from '…', import('…'), import '…'
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

const posix = (p) => p.split(sep).join('/');

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(c|m)?[jt]sx?$/.test(name)) yield path;
  }
}

/** The feature folder (e.g. 'apps/web/src/features/phr') a repo-relative path lies in, if any. */
function featureOf(path) {
  for (const fr of FEATURE_ROOTS) {
    if (path.startsWith(`${fr}/`)) return `${fr}/${path.slice(fr.length + 1).split('/')[0]}`;
  }
  return null;
}

/** Every import under `root` that crosses from one feature folder into another: { from, to } (repo-relative). */
export function findCrossings(root = repoRoot) {
  const found = [];
  for (const fr of FEATURE_ROOTS) {
    if (!existsSync(join(root, fr))) continue;
    for (const file of sourceFiles(join(root, fr))) {
      const from = posix(relative(root, file));
      const own = featureOf(from);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        if (!m[1].startsWith('.')) continue;
        const to = posix(relative(root, resolve(dirname(file), m[1])));
        const target = featureOf(to);
        if (target && target !== own) found.push({ from, to });
      }
    }
  }
  return found;
}

const covers = (e, c) =>
  c.from.startsWith(e.from) && (c.to === e.to || c.to.startsWith(`${e.to}/`) || c.to.startsWith(`${e.to}.`));

/** Crossings no exception covers (`fresh`) and exceptions that cover no crossing any more (`stale`). */
export function judge(crossings, exceptions) {
  return {
    fresh: crossings.filter((c) => !exceptions.some((e) => covers(e, c))),
    stale: exceptions.filter((e) => !crossings.some((c) => covers(e, c))),
  };
}

function main() {
  const { fresh, stale } = judge(findCrossings(), EXCEPTIONS);
  for (const c of fresh) {
    console.error(
      `${c.from}: imports ${c.to}, another feature's file. Move the shared code to components/ (web), lib/ or crud/ (server) or packages/shared.`,
    );
  }
  for (const e of stale) {
    console.error(
      `scripts/import-boundaries.exceptions.mjs: ${e.from} → ${e.to} no longer occurs; remove it from the list.`,
    );
  }
  if (fresh.length || stale.length) process.exit(1);
  console.log(
    `Import boundaries: no new crossing between feature folders (${EXCEPTIONS.length} listed exceptions left).`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
