#!/usr/bin/env python3
"""Writes the benchmark scripts of scripts/bench (SPEC §6), deterministically (seeded):

  cycle.txt     the same 3 build lines over and over (the line cache's best case)
  varied.txt    7 configurations, each line spelled at random: word case, blanks and tabs,
                option order, default values spelled out, quotes
  distinct.txt  every line distinct (the varied spellings, letter case at random, no repeats)
  dealer.txt    build (varied), show N, stock add N [QTY], builds (every 250,000 lines),
                comments and blank lines

Usage: generate-scripts.py DIR [LINES]  (default 1,000,000 lines each)
"""
import random
import sys

CONFIGS = [
    ("sports", {}), ("sports", {"drive": "4wd"}), ("compact", {}),
    ("compact", {"suspension": "firm"}), ("compact", {"suspension": "firm", "drive": "4wd"}),
    ("compact", {"drive": "4wd"}), ("suv", {}),
]
DEFAULTS = {
    "sports": {"floorplan": "short", "suspension": "firm", "drive": "rear"},
    "compact": {"floorplan": "standard", "suspension": "standard", "drive": "front"},
    "suv": {"floorplan": "long", "suspension": "soft", "drive": "4wd"},
}


def spell(rng, word, per_letter):
    if per_letter:
        return "".join(c.upper() if rng.random() < 0.5 else c for c in word)
    return rng.choice([word, word, word.upper(), word.capitalize()])


def blank(rng):
    return rng.choice([" ", " ", " ", "  ", "\t", " \t "])


def build_line(rng, per_letter=False):
    model, options = rng.choice(CONFIGS)
    options = dict(options)
    for slot, value in DEFAULTS[model].items():
        if slot not in options and rng.random() < 0.25:
            options[slot] = value
    words = [spell(rng, "build", per_letter), spell(rng, model, per_letter)]
    items = list(options.items())
    rng.shuffle(items)
    for slot, value in items:
        word = spell(rng, slot, per_letter) + "=" + spell(rng, value, per_letter)
        if rng.random() < 0.05:
            quote = rng.choice(['"', "'"])
            word = quote + word + quote
        words.append(word)
    lead = rng.choice(["", "", "", " ", "\t"])
    return lead + "".join(w + blank(rng) for w in words[:-1]) + words[-1]


def main():
    out, lines = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    rng = random.Random(20251123)
    with open(f"{out}/cycle.txt", "w") as f:
        cycle = ["build sports", "build sports drive=4wd", "build compact"]
        f.writelines(cycle[i % 3] + "\n" for i in range(lines))
    with open(f"{out}/varied.txt", "w") as f:
        f.writelines(build_line(rng) + "\n" for _ in range(lines))
    seen = set()
    with open(f"{out}/distinct.txt", "w") as f:
        while len(seen) < lines:
            line = build_line(rng, per_letter=True)
            if line not in seen:
                seen.add(line)
                f.write(line + "\n")
    with open(f"{out}/dealer.txt", "w") as f:
        builds = 0
        for number in range(1, lines + 1):
            roll = rng.random()
            if number % 250_000 == 0:
                line = rng.choice(["builds", "BUILDS", " builds"])
            elif builds == 0 or roll < 0.5:
                line = build_line(rng)
                builds += 1
            elif roll < 0.65:
                line = f"{spell(rng, 'show', False)}{blank(rng)}{rng.randint(1, builds)}"
            elif roll < 0.8:
                quantity = f"{blank(rng)}{rng.randint(1, 9)}" if rng.random() < 0.5 else ""
                line = f"{spell(rng, 'stock', False)} add{blank(rng)}{rng.randint(1, builds)}{quantity}"
            elif roll < 0.95:
                line = rng.choice(["# customer called back", "  # next: quote", "#"])
            else:
                line = ""
            f.write(line + "\n")


main()
