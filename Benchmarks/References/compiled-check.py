#!/usr/bin/env python3
"""Checks compilebench's per-value counts (issue 48) against ddnnife and pyganak.

For each NAME in DIR (written by `compilebench --out DIR`): ddnnife (PyPI `ddnnife`) loads
our circuit NAME.nnf (c2d format) and counts every value under the same choices
(`count_multiple`; at most 3,000 values drawn from a fixed seed, or DDNNIFE_VALUES), timed; pyganak counts the engine's clauses NAME.cnf with the choices and
one value as unit clauses for a few values drawn from a fixed seed. Prints
how many counts agree. Usage: compiled-check.py DIR NAME... (outside swift test).
"""
import os
import random
import sys
import time

# The most values ddnnife counts on one model (it counts them one by one: on Automotive02,
# seconds each).
LIMIT = int(os.environ.get("DDNNIFE_VALUES", "3000"))
# How many values pyganak counts on one model (Automotive02: minutes each).
GANAK_VALUES = int(os.environ.get("GANAK_VALUES", "5"))


def read_counts(path):
    """The choices (value, chosen) and, per value, its engine variable and our count."""
    with open(path) as lines:
        header = lines.readline().split("choices:")[1].split()
        choices = [(int(word.lstrip("-")), not word.startswith("-")) for word in header]
        rows = [line.split() for line in lines if line.strip()]
    return choices, [(int(row[1]), int(row[2]) if row[2] != "?" else None) for row in rows]


def check(directory, name):
    choices, rows = read_counts(f"{directory}/{name}.counts")
    # The circuit numbers the values from one in their engine variables' order.
    order = sorted(range(len(rows)), key=lambda value: rows[value][0])
    number = {value: position + 1 for position, value in enumerate(order)}
    assumptions = [number[value] if chosen else -number[value] for value, chosen in choices]
    import ddnnife

    started = time.perf_counter()
    circuit = ddnnife.Ddnnf.from_file(f"{directory}/{name}.nnf", len(rows)).as_mut()
    loaded = time.perf_counter() - started
    # ddnnife counts value by value: on the largest models a seeded sample of them.
    values = list(range(len(rows)))
    if len(values) > LIMIT:
        values = sorted(random.Random(7).sample(values, LIMIT))
    started = time.perf_counter()
    counts = circuit.count_multiple(assumptions, [number[value] for value in values])
    counted = time.perf_counter() - started
    agree = sum(1 for value, count in zip(values, counts) if rows[value][1] == count)
    print(f"{name}: ddnnife loads our circuit in {loaded * 1000:.0f} ms; {len(values)} values' "
          f"counts under {len(choices)} choices in {counted * 1000:.0f} ms; {agree} of "
          f"{len(values)} agree with ours")
    import pyganak

    with open(f"{directory}/{name}.cnf") as cnf:
        lines = cnf.read().splitlines()
    variables = int(lines[0].split()[2])
    clauses = [[int(word) for word in line.split()[:-1]] for line in lines[1:]
               if line.strip() and not line.startswith("c")]
    units = [[rows[value][0] + 1 if chosen else -(rows[value][0] + 1)] for value, chosen in choices]
    generator = random.Random(48)
    sampled = generator.sample(range(len(rows)), min(GANAK_VALUES, len(rows)))
    agreeing = 0
    # Projected on the values: the helpers are defined by them, so the count is the same
    # and Ganak's preprocessing has less to do.
    show = [variable + 1 for variable, _ in rows]
    for value in sampled:
        counter = pyganak.Counter()
        counter.new_vars(variables)
        counter.add_clauses(clauses + units + [[rows[value][0] + 1]])
        counter.set_sampling_set(show)
        started = time.perf_counter()
        count = counter.count()
        seconds = time.perf_counter() - started
        agreeing += count == rows[value][1]
        print(f"  pyganak, value {value}: {'agrees' if count == rows[value][1] else 'DIFFERS'} "
              f"({seconds:.2f} s)")
    print(f"  pyganak agrees on {agreeing} of {len(sampled)} sampled values")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: compiled-check.py DIR NAME...")
    for name in sys.argv[2:]:
        check(sys.argv[1], name)
