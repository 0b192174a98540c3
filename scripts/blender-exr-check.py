# Loads an .exr of heights into Blender headless and prints its size, channels, float buffer and
# range, the way a Displace modifier would read it. A manual check of the exported EXR files
# (Blender is ~300 MB, so it is not part of the test command):
#
#   terrain ds --exponent 7 --seed 11 --out /tmp/e7.exr
#   env -i HOME=/tmp PATH=/usr/bin:/bin blender --background --python scripts/blender-exr-check.py -- /tmp/e7.exr
import sys

import bpy

path = sys.argv[sys.argv.index("--") + 1]
image = bpy.data.images.load(path)
pixels = list(image.pixels)
# Blender hands every image over as RGBA floats; a one-channel EXR fills R, G and B with it.
grey = pixels[0::4]
print(
    f"loaded: {image.size[0]} x {image.size[1]}, {image.channels} channels, "
    f"float buffer {image.is_float}, file format {image.file_format}, "
    f"min {min(grey):.6f}, max {max(grey):.6f}, mean {sum(grey) / len(grey):.6f}"
)
