#!/usr/bin/env python3
"""The share of a truth text's words (four letters or more, as the text tests count them) found in
a reading, each word found at most as often as the reading has it: word-share.py TRUTH.txt READ.txt"""
import collections
import re
import sys

words = lambda path: re.findall(r"[^\W\d_]{4,}", open(path, encoding="utf-8", errors="replace").read())
truth, read = words(sys.argv[1]), collections.Counter(words(sys.argv[2]))
found = 0
for w in truth:
    if read[w] > 0:
        read[w] -= 1
        found += 1
print(f"{100 * found / max(1, len(truth)):.0f} %")
