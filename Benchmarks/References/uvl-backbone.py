#!/usr/bin/env python3
"""The floor of `options` states: the backbone of a UVL model computed with python-sat.

Usage: uvl-backbone.py FILE.uvl [CHOICE...] [--solver NAME] [--json]

Reads the Boolean level of UVL on its own (features, mandatory/optional/alternative/or and
[n..m] groups, constraints with ! & | => <=>), encodes it (Tseitin for constraints, pysat's
cardinality encodings for groups), and computes the backbone over the features under the
choices (`NAME` chooses, `-NAME` rules out) with the iterative algorithm of Janota et al. (one model, then one call per remaining
candidate not fixed by unit propagation with its negation assumed, the solver's phases set against the other candidates so
each model filters as many as it can).
Prints the backbone's time (parse and encoding excluded) and the forced/excluded counts; with
--json, every feature's state as `options --format json` names them (chosen, forced, excluded,
free). Independent of the configurator: a reference for scripts/bench --uvl and
scripts/check-uvl. Needs `pip install python-sat`; not used by `swift test`.
"""

import json
import re
import sys
import time

TOKEN = re.compile(r'\s*(?:(<=>|=>|[!&|()])|"((?:[^"\\]|\\.)*)"|([^\s!&|()"=<]+))')


class Encoder:
    def __init__(self):
        self.count = 0
        self.clauses = []
        self.names = {}

    def new(self):
        self.count += 1
        return self.count

    def feature(self, name):
        if name not in self.names:
            self.names[name] = self.new()
        return self.names[name]

    def define_or(self, literals):
        z = self.new()
        self.clauses.append([-z] + literals)
        for literal in literals:
            self.clauses.append([z, -literal])
        return z

    def cardinality(self, parent, members, low, high):
        from pysat.card import CardEnc, EncType
        for bound, encode in ((low, CardEnc.atleast), (high, CardEnc.atmost)):
            if bound is None or (encode is CardEnc.atleast and bound <= 0):
                continue
            if encode is CardEnc.atmost and bound >= len(members):
                continue
            if encode is CardEnc.atleast and bound == 1:
                self.clauses.append([-parent] + members)
                continue
            cnf = encode(lits=members, bound=bound, top_id=self.count, encoding=EncType.seqcounter)
            self.count = max(self.count, cnf.nv)
            for clause in cnf.clauses:
                self.clauses.append([-parent] + clause)


def parse_expression(text, encoder):
    tokens = []
    position = 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            if text[position:].strip() == "":
                break
            raise ValueError("cannot read constraint: " + text)
        position = match.end()
        operator, quoted, bare = match.groups()
        tokens.append(("op", operator) if operator else ("name", quoted if quoted is not None else bare))
    index = [0]

    def peek():
        return tokens[index[0]] if index[0] < len(tokens) else (None, None)

    def take():
        index[0] += 1
        return tokens[index[0] - 1]

    def primary():
        kind, value = take()
        if kind == "op" and value == "!":
            return ("not", primary())
        if kind == "op" and value == "(":
            inner = level(0)
            take()
            return inner
        if value in ("true", "false"):
            return ("const", value == "true")
        return ("var", encoder.feature(value))

    operators = ["<=>", "=>", "|", "&"]

    def level(depth):
        if depth == len(operators):
            return primary()
        left = level(depth + 1)
        while peek() == ("op", operators[depth]):
            take()
            left = (operators[depth], left, level(depth + 1))
        return left

    return level(0)


def tseitin(node, encoder):
    kind = node[0]
    if kind == "var":
        return node[1]
    if kind == "const":
        truth = encoder.new()
        encoder.clauses.append([truth])
        return truth if node[1] else -truth
    if kind == "not":
        return -tseitin(node[1], encoder)
    a, b = tseitin(node[1], encoder), tseitin(node[2], encoder)
    if kind == "|":
        return encoder.define_or([a, b])
    if kind == "&":
        return -encoder.define_or([-a, -b])
    if kind == "=>":
        return encoder.define_or([-a, b])
    z = encoder.new()
    encoder.clauses += [[-z, -a, b], [-z, a, -b], [z, a, b], [z, -a, -b]]
    return z


def read(path):
    encoder = Encoder()
    section = None
    stack = []  # (indent, kind, value): feature variables and group keywords
    groups = []  # (parent, kind, members)
    for raw in open(path, encoding="utf-8"):
        line = raw.split("//")[0].rstrip() if '"' not in raw else raw.rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip("\t "))
        text = line.strip()
        if indent == 0:
            section = text.split()[0]
            continue
        if section == "features":
            while stack and stack[-1][0] >= indent:
                stack.pop()
            keyword = re.fullmatch(r"(mandatory|optional|alternative|or|\[(\d+)(?:\.\.(\d+|\*))?\])", text)
            if keyword:
                parent = stack[-1][2] if stack else None
                word = keyword.group(1)
                if word.startswith("["):
                    low = int(keyword.group(2))
                    high = keyword.group(3)
                    high = low if high is None else (None if high == "*" else int(high))
                    group = ("card", low, high)
                else:
                    group = (word,)
                groups.append((parent, group, []))
                stack.append((indent, "group", len(groups) - 1))
                continue
            name = text[1:text.index('"', 1)] if text.startswith('"') else text.split()[0].split("{")[0]
            variable = encoder.feature(name)
            if stack and stack[-1][1] == "group":
                groups[stack[-1][2]][2].append(variable)
            else:
                encoder.clauses.append([variable])  # the root
            stack.append((indent, "feature", variable))
        elif section == "constraints":
            encoder.clauses.append([tseitin(parse_expression(text, encoder), encoder)])
    for parent, group, members in groups:
        for member in members:
            encoder.clauses.append([-member, parent])
        kind = group[0]
        if kind == "mandatory":
            for member in members:
                encoder.clauses.append([-parent, member])
        elif kind == "alternative":
            encoder.cardinality(parent, members, 1, 1)
        elif kind == "or":
            encoder.cardinality(parent, members, 1, None)
        elif kind == "card":
            encoder.cardinality(parent, members, group[1], group[2])
    return encoder


def backbone(solver, candidates, assumptions):
    if not solver.solve(assumptions=assumptions):
        return None
    model = solver.get_model()
    value = {abs(l): l for l in model}
    open_literals = [value[v] for v in candidates]
    forced = set()
    assumed = list(assumptions)

    def propagated():
        # Literals unit propagation fixes under what is assumed are backbone without a search.
        _, implied = solver.propagate(assumptions=assumed)
        implied = set(implied)
        forced.update(l for l in open_literals if l in implied)
        return [l for l in open_literals if l not in implied]

    open_literals = propagated()
    while open_literals:
        literal = open_literals.pop()
        # Janota et al.'s model filtering with phases: each model is asked to contradict as
        # many remaining candidates as it can.
        solver.set_phases([-l for l in open_literals])
        if solver.solve(assumptions=assumed + [-literal]):
            model = set(solver.get_model())
            open_literals = [l for l in open_literals if l in model]
        else:
            forced.add(literal)
            assumed.append(literal)
            open_literals = propagated()
    return forced


def main():
    arguments = sys.argv[1:]
    name = "m22"
    if "--solver" in arguments:
        index = arguments.index("--solver")
        name = arguments[index + 1]
        del arguments[index:index + 2]
    as_json = "--json" in arguments
    arguments = [a for a in arguments if a != "--json"]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 64
    try:
        from pysat.solvers import Solver
    except ImportError:
        print("uvl-backbone: python-sat is not installed (pip install python-sat)", file=sys.stderr)
        return 2
    try:
        encoder = read(arguments[0])
    except ValueError as error:  # arithmetic (sum, avg, ATTR) is beyond this reference
        print("uvl-backbone: %s: %s" % (arguments[0], error), file=sys.stderr)
        return 3
    assumptions = []
    for choice in arguments[1:]:
        negated = choice.startswith("-")
        variable = encoder.names[choice.lstrip("+-")]
        assumptions.append(-variable if negated else variable)
    started = time.monotonic()
    with Solver(name=name, bootstrap_with=encoder.clauses) as solver:
        forced = backbone(solver, list(encoder.names.values()), assumptions)
    seconds = time.monotonic() - started
    if forced is None:
        print("inconsistent choices", file=sys.stderr)
        return 1
    chosen = set(assumptions)
    if as_json:
        states = {}
        for feature, variable in encoder.names.items():
            if variable in chosen:
                states[feature] = "chosen"
            elif variable in forced:
                states[feature] = "forced"
            elif -variable in forced:
                states[feature] = "excluded"
            else:
                states[feature] = "free"
        print(json.dumps({"seconds": round(seconds, 4), "states": states}))
    else:
        values = set(encoder.names.values())
        print("%d features, %d clauses: backbone %.1f ms (%d forced, %d excluded)" % (
            len(values), len(encoder.clauses), seconds * 1000,
            len([l for l in forced if l > 0 and l in values]),
            len([l for l in forced if l < 0 and -l in values])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
