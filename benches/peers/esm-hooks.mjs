// Lets node load THREE.Terrain as published on npm (@repcomm/three.terrain 1.6.0): its lib/ holds
// ES modules without "type": "module" and imports them without file extensions ('./core'), and
// it imports 'three', whose package "main" is a UMD bundle. These hooks give it what a bundler
// would: '.js' appended to its relative imports, its files read as modules, and 'three' mapped
// to three's own ES module build. Nothing else is touched.
import { register } from 'node:module';

register('./esm-hooks-impl.mjs', import.meta.url);
