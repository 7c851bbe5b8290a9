#!/usr/bin/env python3
"""Checks the prices `options` gives on a UVL model against an independent MaxSAT solver.

Usage: uvl-prices.py FILE.uvl [--configurator PATH] [--samples N] [--no-max]

Runs `configurator --clean --catalog FILE.uvl --format json options MODEL` once, then with
python-sat's RC2 (stratified) on the model's own encoding (uvl-backbone.py's reader) computes
the lowest and highest price of a valid build, and for N values sampled at random (default
100, seeded) whose FROM the configurator found, the lowest price of a build with the value.
A value the configurator shows unknown (`null`, not found within its time limit) is counted,
not checked. `--no-max` skips RC2's highest price, which on large generated models does not
finish. Prints every mismatch and exits 1 if there is one. Needs `pip install python-sat`;
not used by `swift test`.
"""

import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import time

from pysat.examples.rc2 import RC2Stratified
from pysat.formula import WCNF

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("backbone", os.path.join(HERE, "uvl-backbone.py"))
backbone = importlib.util.module_from_spec(spec)
spec.loader.exec_module(backbone)

PRICE = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|[^\s{"]+)\s*\{[^}]*\bprice\s+(-?[0-9]+(?:\.[0-9]+)?)')


def cents(text):
    whole, _, fraction = text.partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int((fraction + "00")[:2]))


def main():
    arguments = sys.argv[1:]
    binary, samples, maximum = ".build/release/configurator", 100, True
    if "--configurator" in arguments:
        at = arguments.index("--configurator")
        binary = arguments[at + 1]
        del arguments[at:at + 2]
    if "--samples" in arguments:
        at = arguments.index("--samples")
        samples = int(arguments[at + 1])
        del arguments[at:at + 2]
    if "--no-max" in arguments:
        arguments.remove("--no-max")
        maximum = False
    if len(arguments) != 1:
        sys.exit(__doc__.strip().splitlines()[2])
    path = arguments[0]
    model = os.path.basename(path)[:-4]
    encoder = backbone.read(path)
    prices = {}
    for raw in open(path, encoding="utf-8"):
        match = PRICE.match(raw)
        if match:
            name = match.group(1)
            name = name[1:-1] if name.startswith('"') else name
            prices[encoder.names[name]] = cents(match.group(2))

    def optimum(goal, extra=()):
        formula = WCNF()
        for clause in list(encoder.clauses) + list(extra):
            formula.append(clause)
        for variable, price in prices.items():
            if price == 0:
                continue  # RC2 would take a soft clause of weight 0 as hard
            # Soft: avoid paying (lowest), or pay (highest); negative prices the other way.
            wanted = -variable if (goal == "min") == (price > 0) else variable
            formula.append([wanted], weight=abs(price))
        with RC2Stratified(formula) as solver:
            found = solver.compute()
            if found is None:
                return None
            chosen = {literal for literal in found if literal > 0}
            return sum(price for variable, price in prices.items() if variable in chosen)

    started = time.time()
    output = subprocess.run(
        [binary, "--clean", "--catalog", path, "--format", "json", "options", model],
        capture_output=True, text=True, check=True).stdout
    ours_seconds = time.time() - started
    report = json.loads(output.splitlines()[0])

    def amount(money):
        return None if money is None else money["minorUnits"]

    mismatches = 0
    low, high = amount(report.get("priceMin")), amount(report.get("priceMax"))
    started = time.time()
    reference_low = optimum("min")
    reference_high = optimum("max") if maximum else None
    print("options %.2f s; price range: ours %s to %s, RC2 %s to %s (%.2f s)" % (
        ours_seconds, low, high, reference_low, reference_high if maximum else "(skipped)",
        time.time() - started))
    if low is not None and low != reference_low:
        mismatches += 1
        print("MISMATCH lowest price: %s against %s" % (low, reference_low))
    if maximum and high is not None and high != reference_high:
        mismatches += 1
        print("MISMATCH highest price: %s against %s" % (high, reference_high))
    possible = [value for value in report["values"] if value["state"] != "excluded"]
    known = [value for value in possible if value.get("from") is not None]
    random.seed(1)
    checked = random.sample(known, min(samples, len(known)))
    started = time.time()
    for value in checked:
        reference = optimum("min", [[encoder.names[value["atom"]]]])
        if reference != amount(value["from"]):
            mismatches += 1
            print("MISMATCH FROM %s: %s against %s" % (value["atom"], amount(value["from"]), reference))
    print("FROM: %d of %d values found, %d checked against RC2 (%.2f s), %d mismatches" % (
        len(known), len(possible), len(checked), time.time() - started, mismatches))
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
