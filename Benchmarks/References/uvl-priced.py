#!/usr/bin/env python3
"""Writes a copy of a UVL model with a generated `price` on every K-th feature.

Usage: uvl-priced.py FILE.uvl K [--seed N] > priced.uvl

Prices are random between 50.00 and 5,000.99 (seeded, so the copy is the same every time),
added to the feature's attributes (`{price 123.45}`, or first in an existing `{…}`). Public
models have no prices; this makes the priced measurements of Docs/Benchmarks.md (`p50`: every
50th feature of Automotive01, `p1`: every feature). The output is derived from a public
model: keep it out of the repository.
"""

import random
import re
import sys

GROUP = re.compile(r"^(mandatory|optional|alternative|or|\[\d+(\.\.(\d+|\*))?\])$")


def main():
    arguments = sys.argv[1:]
    seed = 7
    if "--seed" in arguments:
        at = arguments.index("--seed")
        seed = int(arguments[at + 1])
        del arguments[at:at + 2]
    if len(arguments) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    path, every = arguments[0], int(arguments[1])
    generator = random.Random(seed)
    section = None
    count = 0
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        text = line.strip()
        if line and not line[0].isspace():
            section = text.split()[0] if text else None
        elif section == "features" and text and not GROUP.match(text) and not text.startswith("//"):
            count += 1
            if count % every == 0:
                price = "%d.%02d" % (generator.randint(50, 5000), generator.randint(0, 99))
                if "{" in line:
                    line = line.replace("{", "{price %s, " % price, 1)
                else:
                    line += " {price %s}" % price
        print(line)


if __name__ == "__main__":
    main()
