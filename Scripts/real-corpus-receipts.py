#!/usr/bin/env python3
"""The real corpus's receipts (Tests/Corpus/real), from softmatic/vision-data (CC-BY-4.0).

    Scripts/real-corpus-receipts.py VISION_DATA_CHECKOUT [--add B/NAME ...]

For every receipt in truth.json, writes its line of text-words.json: the words printed on it and
where, as the dataset's own `NAME_blocks.json` says (AWS Textract's WORD blocks with a confidence
of 90 or more; boxes as [left, top, width, height], shares of the picture). That is the truth a
crop is held to: it must hold every one of these boxes, and the saved page must read as many of
these words as the picture as it is (docs/REAL-PAGES.md). Textract is not our reader, so neither
is measured against the reader that made it.

--add B/NAME or C/NAME: a receipt not in the corpus yet, stored in held-out/ as the others are
(scaled to 150 dpi, grey, JPEG quality 75, ImageMagick), its truth entry made from independent
tools only: `code` what zbarimg finds, `readable` whether Tesseract reads 10 words of three letters
or more on it as stored, `words` two of Textract's surest words. It is added to held-out and never
looked at while tuning.
"""
import json
import os
import re
import subprocess
import sys

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Corpus", "real")
SURE = 90.0


def blocks(checkout, name):
    for part in ("B", "C"):
        path = os.path.join(checkout, "2D", "Receipts", part, name + "_blocks.json")
        if os.path.exists(path):
            with open(path) as f:
                return json.load(f)
    return None


def text_words(found):
    words = []
    for block in found:
        if block.get("BlockType") == "WORD" and block.get("Confidence", 0) >= SURE:
            b = block["Geometry"]["BoundingBox"]
            words.append({"text": block["Text"], "box": [round(b["Left"], 4), round(b["Top"], 4), round(b["Width"], 4), round(b["Height"], 4)]})
    return words


def add(checkout, spec, pages):
    part, name = spec.split("/")
    source = os.path.join(checkout, "2D", "Receipts", part, name + ".jpg")
    target = os.path.join(CORPUS, "held-out", "receipt-" + name + ".jpg")
    subprocess.run(["convert", source, "-colorspace", "Gray", "-resize", "50%", "-density", "150", "-units", "PixelsPerInch", "-quality", "75", target], check=True)
    codes = subprocess.run(["zbarimg", "-q", target], capture_output=True, text=True).stdout
    kinds = sorted({line.split(":")[0] for line in codes.splitlines() if ":" in line})
    text = subprocess.run(["tesseract", target, "-", "-l", "eng"], capture_output=True, text=True).stdout
    readable = len([w for w in re.split(r"[^0-9A-Za-zÄÖÜäöüß]+", text) if len(w) >= 3]) >= 10
    words = sorted((b for b in blocks(checkout, name) if b.get("BlockType") == "WORD" and len(b["Text"]) >= 4
                    and b["Text"].isalpha()), key=lambda b: -b["Confidence"])[:2]
    pages.append({"file": "held-out/receipt-" + name + ".jpg", "kind": "receipt-flatbed", "class": "ordinary",
                  "readable": readable, "code": (" and ".join(kinds) + " code") if kinds else None,
                  "words": [b["Text"] for b in words],
                  "note": "a receipt lying on a flatbed's backing, scanned whole A4 at 300 dpi (stored at 150); "
                          "added as held-out after the crop rules were fixed, its truth from zbarimg, Tesseract and Textract"})


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    checkout = sys.argv[1]
    path = os.path.join(CORPUS, "truth.json")
    with open(path) as f:
        truth = json.load(f)
    if "--add" in sys.argv:
        for spec in sys.argv[sys.argv.index("--add") + 1:]:
            add(checkout, spec, truth["pages"])
    boxes = {}
    for page in truth["pages"]:
        if page["kind"] != "receipt-flatbed":
            continue
        name = os.path.basename(page["file"])[len("receipt-"):-len(".jpg")]
        found = blocks(checkout, name)
        if found is None:
            sys.exit(f"no {name}_blocks.json in {checkout}")
        boxes[page["file"]] = text_words(found)
    with open(path, "w") as f:
        json.dump(truth, f, ensure_ascii=False, indent=1)
        f.write("\n")
    # One line a page: the words are data, not something to read.
    with open(os.path.join(CORPUS, "text-words.json"), "w") as f:
        f.write("{\n" + ",\n".join(json.dumps(k) + ": " + json.dumps(v, separators=(",", ":")) for k, v in sorted(boxes.items())) + "\n}\n")

main()
