// The resolve and load hooks registered by esm-hooks.mjs (they run on node's loader thread).
const PEER = '/@repcomm/three.terrain/lib/';

export async function resolve(specifier, context, next) {
  const fromPeer = context.parentURL?.includes(PEER);
  if (fromPeer && specifier === 'three') {
    return next('three/build/three.module.js', context);
  }
  if (fromPeer && specifier.startsWith('.') && !specifier.endsWith('.js')) {
    return next(`${specifier}.js`, context);
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.includes(PEER)) {
    return next(url, { ...context, format: 'module' });
  }
  return next(url, context);
}
