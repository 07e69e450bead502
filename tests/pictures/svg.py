"""Reading a picture back: its SVG parsed, its elements found by their class."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def having(root: ET.Element, role: str) -> list[ET.Element]:
    """Every element of class ``role``, in document order."""
    return [element for element in root.iter() if element.get("class") == role]


def cell(element: ET.Element) -> int:
    return int(element.attrib["data-cell"])


def centre(element: ET.Element) -> tuple[float, float]:
    """Where a square, a round cell, a mark, a figure or a label is centred."""
    if element.tag == f"{SVG}circle":
        return (float(element.attrib["cx"]), float(element.attrib["cy"]))
    if element.tag == f"{SVG}polygon":
        points = [
            [float(n) for n in point.split(",")] for point in element.attrib["points"].split()
        ]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    if element.tag == f"{SVG}text":
        return (float(element.attrib["x"]), float(element.attrib["y"]))
    x, y = float(element.attrib["x"]), float(element.attrib["y"])
    return (x + float(element.attrib["width"]) / 2, y + float(element.attrib["height"]) / 2)


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


def svg_size(root: ET.Element) -> tuple[int, int]:
    return (int(root.attrib["width"]), int(root.attrib["height"]))
