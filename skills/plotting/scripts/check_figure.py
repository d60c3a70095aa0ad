#!/usr/bin/env python3
"""Check a figure file's physical size, resolution and fonts before it goes into a paper.

Standard library only (Python 3.8+). Reads PNG, JPEG, PDF, SVG and EPS.

    python3 check_figure.py FIGURE [FIGURE ...] [--width single|double|nature-single|85mm|3.5in]
                            [--max-height 9in] [--min-dpi 300] [--font-pt 8] [--json]

For each file it prints the size in inches and millimetres, the pixel size and DPI for raster
files, the effective DPI once the figure is scaled to the target width, and, for PDF files, the
font types and embedded raster images. Exit status: 0 = no problems, 1 = problems found,
2 = a file could not be read or the arguments are wrong.
"""

import argparse
import json
import re
import struct
import sys
import xml.etree.ElementTree as ElementTree
import zlib

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0

# Column widths in inches. Journal values change: check the current author guide.
WIDTH_PRESETS = {
    "single": 3.5,
    "onehalf": 5.5,
    "double": 7.2,
    "nature-single": 89 / MM_PER_INCH,
    "nature-double": 183 / MM_PER_INCH,
    "aps-single": 86 / MM_PER_INCH,
    "aps-double": 178 / MM_PER_INCH,
    "ieee-single": 3.5,
    "ieee-double": 7.16,
    "aanda-single": 88 / MM_PER_INCH,
    "aanda-double": 180 / MM_PER_INCH,
    "elsevier-single": 90 / MM_PER_INCH,
    "elsevier-onehalf": 140 / MM_PER_INCH,
    "elsevier-double": 190 / MM_PER_INCH,
}

LENGTH_UNITS = {"in": 1.0, "mm": 1 / MM_PER_INCH, "cm": 10 / MM_PER_INCH, "pt": 1 / 72.0, "px": 1 / 96.0}


class FigureError(Exception):
    """The file cannot be read as a figure."""


def parse_length(text):
    """Parse '3.5in', '89mm', '8.6cm', '252pt' or a preset name into inches."""
    key = text.strip().lower()
    if key in WIDTH_PRESETS:
        return WIDTH_PRESETS[key]
    match = re.fullmatch(r"([0-9]*\.?[0-9]+)\s*(in|mm|cm|pt|px)?", key)
    if not match:
        presets = ", ".join(sorted(WIDTH_PRESETS))
        raise argparse.ArgumentTypeError(f"not a length or preset: {text!r} (presets: {presets})")
    return float(match.group(1)) * LENGTH_UNITS[match.group(2) or "in"]


def read_png(data):
    if len(data) < 33 or data[12:16] != b"IHDR":
        raise FigureError("PNG without an IHDR chunk")
    width, height = struct.unpack(">II", data[16:24])
    dpi = None
    position = 8
    while position + 8 <= len(data):
        length, chunk_type = struct.unpack(">I4s", data[position : position + 8])
        if chunk_type == b"pHYs" and length >= 9:
            x_per_unit, y_per_unit, unit = struct.unpack(">IIB", data[position + 8 : position + 17])
            if unit == 1:  # pixels per metre, so 300 DPI is stored as 11811
                dpi = (round(x_per_unit * 0.0254, 1), round(y_per_unit * 0.0254, 1))
        if chunk_type in (b"IDAT", b"IEND"):
            break  # pHYs must precede IDAT
        position += 12 + length
    return {"kind": "raster", "pixels": (width, height), "dpi": dpi}


def read_jpeg(data):
    dpi = None
    pixels = None
    position = 2
    while position + 4 <= len(data):
        if data[position] != 0xFF:
            raise FigureError("corrupt JPEG segment")
        marker = data[position + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            position += 2
            continue
        (length,) = struct.unpack(">H", data[position + 2 : position + 4])
        segment = data[position + 4 : position + 2 + length]
        if marker == 0xE0 and segment[:5] == b"JFIF\x00" and len(segment) >= 12:
            unit, x_density, y_density = struct.unpack(">BHH", segment[7:12])
            if unit == 1:
                dpi = (float(x_density), float(y_density))
            elif unit == 2:
                dpi = (round(x_density * 2.54, 1), round(y_density * 2.54, 1))
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            height, width = struct.unpack(">HH", segment[1:5])
            pixels = (width, height)
            break
        position += 2 + length
    if pixels is None:
        raise FigureError("JPEG without a frame header")
    return {"kind": "raster", "pixels": pixels, "dpi": dpi, "lossy": True}


def inflate_streams(data, limit=64 * 1024 * 1024):
    """Decompress Flate streams so fonts hidden in object streams are found too."""
    found = []
    total = 0
    for match in re.finditer(rb"stream\r?\n", data):
        start = match.end()
        end = data.find(b"endstream", start)
        if end < 0 or b"FlateDecode" not in data[max(0, match.start() - 300) : match.start()]:
            continue
        try:
            chunk = zlib.decompressobj().decompress(data[start:end], limit - total)
        except zlib.error:
            continue  # not Flate after all, or damaged: the raw text is still searched
        if b"/Type" in chunk or b"/Subtype" in chunk:
            found.append(chunk)
            total += len(chunk)
        if total >= limit:
            break
    return b"\n".join(found)


def read_pdf(data):
    if not data.startswith(b"%PDF-"):
        raise FigureError("not a PDF file")
    text = data + b"\n" + inflate_streams(data)
    number = rb"(-?[0-9]*\.?[0-9]+)"
    box = re.search(rb"/MediaBox\s*\[\s*" + number + rb"\s+" + number + rb"\s+" + number + rb"\s+" + number, text)
    if not box:
        raise FigureError("PDF without a /MediaBox")
    left, bottom, right, top = (float(value) for value in box.groups())
    font_types = {}
    for subtype in re.findall(rb"/Subtype\s*/(Type1C?|Type3|TrueType|Type0|CIDFontType[02]|MMType1)\b", text):
        name = subtype.decode()
        font_types[name] = font_types.get(name, 0) + 1
    return {
        "kind": "vector",
        "size_in": ((right - left) / POINTS_PER_INCH, (top - bottom) / POINTS_PER_INCH),
        "pages": len(re.findall(rb"/Type\s*/Page\b", text)),
        "font_types": font_types,
        "font_descriptors": len(re.findall(rb"/Type\s*/FontDescriptor\b", text)),
        "embedded_font_files": len(re.findall(rb"/FontFile[23]?\b", text)),
        "raster_images": len(re.findall(rb"/Subtype\s*/Image\b", text)),
    }


def svg_length(value):
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(in|mm|cm|pt|px)?\s*", value or "")
    if not match:
        return None
    return float(match.group(1)) * LENGTH_UNITS[match.group(2) or "px"]


def read_svg(path):
    try:
        root = next(ElementTree.iterparse(path, events=("start",)))[1]
    except (ElementTree.ParseError, StopIteration) as error:
        raise FigureError(f"SVG could not be parsed: {error}") from error
    width, height = svg_length(root.get("width")), svg_length(root.get("height"))
    if width is None or height is None:
        view_box = (root.get("viewBox") or "").replace(",", " ").split()
        if len(view_box) != 4:
            raise FigureError("SVG without width/height or viewBox")
        width, height = float(view_box[2]) / 96, float(view_box[3]) / 96
    with open(path, "rb") as handle:
        content = handle.read()
    return {
        "kind": "vector",
        "size_in": (width, height),
        "raster_images": len(re.findall(rb"<(?:\w+:)?image\b", content)),
        "text_elements": len(re.findall(rb"<(?:\w+:)?text\b", content)),
    }


def read_eps(data):
    match = re.search(rb"%%HiResBoundingBox:\s*([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)", data)
    match = match or re.search(rb"%%BoundingBox:\s*(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)", data)
    if not match:
        raise FigureError("EPS without a %%BoundingBox")
    left, bottom, right, top = (float(value) for value in match.groups())
    return {"kind": "vector", "size_in": ((right - left) / POINTS_PER_INCH, (top - bottom) / POINTS_PER_INCH)}


def read_figure(path):
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
            if head.startswith(b"\x89PNG\r\n\x1a\n"):
                info = read_png(head + handle.read())
            elif head.startswith(b"\xff\xd8"):
                info = read_jpeg(head + handle.read())
            elif head.startswith(b"%PDF-"):
                info = read_pdf(head + handle.read())
            elif head.startswith(b"%!PS") or head.startswith(b"\xc5\xd0\xd3\xc6"):
                info = read_eps(head + handle.read())
            elif path.lower().endswith(".svg") or head.lstrip().startswith(b"<"):
                info = read_svg(path)
            else:
                raise FigureError("unknown format (expected PNG, JPEG, PDF, SVG or EPS)")
    except OSError as error:
        raise FigureError(str(error)) from error
    except (struct.error, ValueError, IndexError) as error:
        raise FigureError(f"damaged or truncated file ({error})") from error
    if info["kind"] == "raster" and info.get("dpi"):
        info["size_in"] = (info["pixels"][0] / info["dpi"][0], info["pixels"][1] / info["dpi"][1])
    if info.get("size_in"):
        info["size_in"] = tuple(round(value, 3) for value in info["size_in"])
    return info


def assess(info, options):
    """Return (problems, notes) for one figure."""
    problems, notes = [], []
    size = info.get("size_in")
    target = options.width
    if info["kind"] == "raster":
        if info.get("lossy"):
            problems.append("JPEG is lossy: save plots as PDF/SVG, or PNG for raster content")
        if not info.get("dpi"):
            notes.append("no DPI stored in the file; physical size unknown")
        elif info["dpi"][0] < options.min_dpi - 0.5 and not target:
            problems.append(f"{info['dpi'][0]:.0f} DPI is below the minimum of {options.min_dpi}")
        if target:
            effective = info["pixels"][0] / target
            info["effective_dpi"] = round(effective, 1)
            if effective < options.min_dpi - 0.5:
                problems.append(
                    f"only {effective:.0f} DPI when printed {target:.2f} in wide (need {options.min_dpi})"
                )
        notes.append("raster format: prefer PDF or SVG for line art and plots")
    if size and target:
        scale = target / size[0]
        info["scale_to_target"] = round(scale, 3)
        if scale < 0.98 or scale > 1.02:
            message = f"{size[0]:.2f} in wide but the target is {target:.2f} in: it will be scaled by {scale:.2f}"
            if options.font_pt:
                message += f", so {options.font_pt:g} pt text prints at {options.font_pt * scale:.1f} pt"
            (problems if scale < 0.9 or scale > 1.25 else notes).append(message)
    if size and options.max_height and size[1] * (target / size[0] if target else 1) > options.max_height:
        problems.append(f"taller than the maximum of {options.max_height:.2f} in at print size")
    if info.get("font_types", {}).get("Type3"):
        problems.append("Type 3 fonts: many journals reject them; set pdf.fonttype: 42")
    if info.get("font_descriptors", 0) > info.get("embedded_font_files", 0):
        notes.append("some fonts may not be embedded (common with the 14 standard PDF fonts)")
    if info.get("raster_images"):
        notes.append(f"contains {info['raster_images']} embedded raster image(s); fine if rasterized on purpose")
    if info.get("pages", 1) > 1:
        problems.append(f"{info['pages']} pages: a figure file should have exactly one")
    return problems, notes


def describe(path, info, problems, notes):
    lines = [path]
    if info.get("size_in"):
        width, height = info["size_in"]
        lines.append(
            f"  size: {width:.2f} x {height:.2f} in ({width * MM_PER_INCH:.0f} x {height * MM_PER_INCH:.0f} mm)"
        )
    if info.get("pixels"):
        dpi = info.get("dpi")
        dpi_text = f", {dpi[0]:.0f} DPI" if dpi else ", DPI not stored"
        lines.append(f"  pixels: {info['pixels'][0]} x {info['pixels'][1]}{dpi_text}")
    if "effective_dpi" in info:
        lines.append(f"  effective DPI at target width: {info['effective_dpi']:.0f}")
    if info.get("font_types"):
        fonts = ", ".join(f"{name} x{count}" for name, count in sorted(info["font_types"].items()))
        lines.append(f"  fonts: {fonts}")
    lines.extend(f"  PROBLEM: {problem}" for problem in problems)
    lines.extend(f"  note: {note}" for note in notes)
    if not problems:
        lines.append("  OK")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check figure size, DPI and fonts for publication.")
    parser.add_argument("figures", nargs="+", help="PNG, JPEG, PDF, SVG or EPS files")
    parser.add_argument("--width", type=parse_length, help="target print width: preset or length (3.5in, 89mm)")
    parser.add_argument("--max-height", type=parse_length, help="maximum print height, e.g. 9in or 240mm")
    parser.add_argument("--min-dpi", type=int, default=300, help="minimum DPI for raster files (default 300)")
    parser.add_argument("--font-pt", type=float, help="font size used when drawing, to report the printed size")
    parser.add_argument("--json", action="store_true", help="print one JSON object per file")
    options = parser.parse_args(argv)

    status = 0
    for path in options.figures:
        try:
            info = read_figure(path)
        except FigureError as error:
            print(json.dumps({"file": path, "error": str(error)}) if options.json else f"{path}\n  ERROR: {error}")
            status = 2
            continue
        problems, notes = assess(info, options)
        if problems and status == 0:
            status = 1
        if options.json:
            print(json.dumps({"file": path, **info, "problems": problems, "notes": notes}))
        else:
            print(describe(path, info, problems, notes))
    return status


if __name__ == "__main__":
    sys.exit(main())
