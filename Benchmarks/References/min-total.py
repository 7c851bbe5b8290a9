#!/usr/bin/env python3
"""The lightest valid build of a UVL model with generated weights (scripts/uvl-with-sum), by
RC2 (python-sat's MaxSAT), and each value's state under the model's `sum(weight) <= K` for a
sample of values: the reference `scripts/bench --tight` prints beside `options`. Its own CNF
of the Boolean model comes from scripts/check-diff's reader (independent of the configurator).

Usage: min-total.py FILE.uvl [STATES_JSON SAMPLE]
With STATES_JSON (`configurator --format json options` output), checks every excluded value
and SAMPLE others: excluded exactly when no valid build holding it weighs at most K.
"""
import importlib.machinery, importlib.util, json, os, random, re, sys, time

from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.solvers import Solver

here = os.path.dirname(os.path.abspath(__file__))
loader = importlib.machinery.SourceFileLoader("cd", os.path.join(here, "..", "..", "scripts", "check-diff"))
spec = importlib.util.spec_from_loader("cd", loader)
cd = importlib.util.module_from_spec(spec)
loader.exec_module(cd)

path = sys.argv[1]
features, groups, constraints = cd.read_uvl(path)
weights, bound = {}, None
for line in open(path, encoding="utf-8"):
    m = re.match(r'\s*("[^"]*"|\S+).*\{.*weight (-?\d+)', line)
    if m:
        weights[m.group(1).strip('"')] = int(m.group(2))
    m = re.match(r"\s*sum\(weight\) <= (-?\d+)", line)
    if m:
        bound = int(m.group(1))
names, cnf = {}, cd.CNF()


def var(name):
    if name not in names:
        names[name] = cnf.new()
    return names[name]


for name in features:
    var(name)
cd.add_model(cnf, (features, groups, [c for c in constraints if not c.startswith("sum(")]), var)


def lightest(extra):
    wcnf = WCNF()
    for clause in cnf.clauses + extra:
        wcnf.append(clause)
    for name, weight in weights.items():
        if weight > 0:
            wcnf.append([-names[name]], weight=weight)
        elif weight < 0:
            wcnf.append([names[name]], weight=-weight)
    with RC2(wcnf) as rc2:
        if rc2.compute() is None:
            return None
        return rc2.cost + sum(w for w in weights.values() if w < 0)


start = time.time()
least = lightest([])
print(f"RC2: lightest valid build {least}, bound {bound} ({time.time() - start:.2f} s)")
if len(sys.argv) > 3:
    values = None
    for line in open(sys.argv[2], encoding="utf-8"):
        record = json.loads(line)
        if record.get("type") == "options":
            values = {v["atom"]: v["state"] for v in record["values"]}
    if values is None:
        sys.exit(f"{sys.argv[2]}: no options record")
    sat = Solver(name="g4", bootstrap_with=cnf.clauses)
    excluded = [a for a, s in values.items() if s == "excluded"]
    others = [a for a, s in values.items() if s != "excluded"]
    random.seed(50)
    checked = excluded + random.sample(others, min(int(sys.argv[3]), len(others)))
    start, wrong = time.time(), 0
    for atom in checked:
        possible = sat.solve(assumptions=[names[atom]])
        if possible:
            weight = lightest([[names[atom]]])
            possible = weight is not None and weight <= bound
        if possible == (values[atom] == "excluded"):
            wrong += 1
            print(f"  differs: {atom} is {values[atom]}")
    print(f"RC2: {len(checked)} states checked ({len(excluded)} excluded), {wrong} differ "
          f"({time.time() - start:.0f} s)")
