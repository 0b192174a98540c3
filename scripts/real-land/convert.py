"""Converts matplotlib's sample DEM of the Jacksboro fault area, Tennessee (a USGS 3-arc-second
DEM, public domain) into the 16-bit greyscale PNG the page and `terrain stats` read.

Usage: python3 convert.py WHEEL OUT.png
  WHEEL   matplotlib-3.11.2-*.whl (pip download --no-deps matplotlib==3.11.2)
  OUT.png the map: one pixel per DEM cell, north up, each value the height in whole metres

It prints the grid's size, height range and cell size, which README and the page quote.
"""
import io
import sys
import zipfile

import numpy
import png

MEMBER = "matplotlib/mpl-data/sample_data/jacksboro_fault_dem.npz"


def main(wheel, out):
    with zipfile.ZipFile(wheel) as archive:
        data = numpy.load(io.BytesIO(archive.read(MEMBER)))
        elevation = data["elevation"]
        dx, dy = float(data["dx"]), float(data["dy"])
        box = [float(data[k]) for k in ("xmin", "xmax", "ymin", "ymax")]
    rows, columns = elevation.shape
    low, high = int(elevation.min()), int(elevation.max())
    assert low >= 0 and high < 65536, "heights fit 16 bits as whole metres"
    # The grid is stored north first (ymin is the northern edge), as an image's first row.
    with open(out, "wb") as f:
        png.Writer(columns, rows, greyscale=True, bitdepth=16).write(
            f, elevation.astype(numpy.uint16).tolist()
        )
    print(f"{columns} x {rows} cells, {low} to {high} m, cells of {dx:.8f} x {dy:.8f} degrees")
    print(f"west {box[0]}, east {box[1]}, north {box[2]}, south {box[3]}")


if __name__ == "__main__":
    main(*sys.argv[1:])
