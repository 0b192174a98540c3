// The exported files in the tools that read them. The .glb the command line writes (and the
// page's Download, byte-identical: takehome.test.mjs) goes through Khronos glTF-Validator, which
// must report no error and no warning, and carries one UV set and vertex colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import validator from 'gltf-validator';
import { terrain } from './harness.mjs';

test('the .glb of exponent 7 passes glTF-Validator with nothing to report but infos', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'terrain-glb-'));
  const file = join(dir, 'ds-e7.glb');
  terrain(['ds', '--exponent', '7', '--seed', '11', '--out', file]);
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes);
  const { numErrors, numWarnings, messages } = report.issues;
  assert.equal(numErrors, 0, JSON.stringify(messages));
  assert.equal(numWarnings, 0, JSON.stringify(messages));
  assert.equal(report.info.totalVertexCount, 129 * 129);
  assert.equal(report.info.totalTriangleCount, 128 * 128 * 2);
  assert.equal(report.info.maxUVs, 1, 'one set of texture coordinates');
  assert.equal(report.info.materialCount, 1);
  // The validator lists the attributes it read; COLOR_0 among them.
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + new DataView(bytes.buffer).getUint32(12, true))));
  assert.deepEqual(Object.keys(json.meshes[0].primitives[0].attributes).sort(), ['COLOR_0', 'NORMAL', 'POSITION', 'TEXCOORD_0']);
});
