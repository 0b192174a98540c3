# Imports a .glb into Blender headless and prints what came in: the mesh's vertices, UV layers,
# colour attributes and material. A manual check of the exported meshes (Blender is ~300 MB, so
# it is not part of the test command):
#
#   terrain ds --exponent 7 --seed 11 --out /tmp/e7.glb
#   env -i HOME=/tmp PATH=/usr/bin:/bin blender --background --python scripts/blender-check.py -- /tmp/e7.glb
#
# Debian's Blender 3.4 importer still uses numpy.bool, gone from numpy 1.24: restored first.
# The clean environment keeps a pip-installed numpy from being picked up.
import numpy

numpy.bool = bool
import sys  # noqa: E402

import bpy  # noqa: E402

path = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
mesh = meshes[0].data
material = meshes[0].active_material
print(
    f"imported: {len(meshes)} mesh, {len(mesh.vertices)} vertices, {len(mesh.uv_layers)} UV layer, "
    f"{len(mesh.color_attributes)} colour attribute ({', '.join(c.name for c in mesh.color_attributes)}), "
    f"material {material.name if material else None!r}"
)
