#!/usr/bin/env python3
"""Writes N renamed copies of a UVL model under one new root, for scaling measurements.

Usage: uvl-copies.py FILE.uvl N > copies.uvl

Every feature name gets the suffix `_cK` in copy K (in the tree and in the constraints), each
copy's root becomes a mandatory child of a new abstract root, and the constraints are repeated
per copy: N independent copies, so an analysis linear in the model costs about N times one
copy. The output is derived from a public model: keep it out of the repository.
"""

import re
import sys

NAME = re.compile(r'"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_.]*)')
KEYWORDS = {"mandatory", "optional", "alternative", "or", "true", "false", "abstract"}


def rename(line, suffix, names):
    def replace(match):
        quoted, bare = match.groups()
        name = quoted if quoted is not None else bare
        if name not in names:
            return match.group(0)
        return '"%s%s"' % (name, suffix)
    return NAME.sub(replace, line)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    text = open(sys.argv[1], encoding="utf-8").read().splitlines()
    count = int(sys.argv[2])
    section, features, constraints, names = None, [], [], set()
    for line in text:
        if line.strip() and not line[0].isspace():
            section = line.split()[0]
            continue
        if section == "features" and line.strip():
            features.append(line)
            stripped = line.strip()
            if not re.fullmatch(r"(mandatory|optional|alternative|or|\[.*\])", stripped):
                match = NAME.match(stripped)
                names.add(match.group(1) if match.group(1) is not None else match.group(2))
        elif section == "constraints" and line.strip():
            constraints.append(line)
    names -= KEYWORDS
    out = ["features", "\tCopies {abstract}", "\t\tmandatory"]
    for copy in range(count):
        suffix = "_c%d" % copy
        for line in features:
            # Drop attributes ({abstract}, prices): only the tree and names matter here.
            body = rename(line.split("{")[0].rstrip(), suffix, names)
            out.append("\t\t" + body)
    out.append("constraints")
    for copy in range(count):
        suffix = "_c%d" % copy
        out += [rename(line, suffix, names) for line in constraints]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
