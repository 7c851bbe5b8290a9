#!/usr/bin/env python3
"""Times commands in the same rounds, for scripts/bench: each round runs every command once,
in the order given, so a figure and its reference see the same load. Prints, per command, the
median wall time, its spread, the median peak RSS and the ratio to the reference (the last
command unless --reference NAME), and the load average before and after.

Usage: rounds.py [--rounds N] [--warmup N] [--reference NAME] [--per N UNIT] [--difference A B]
                 NAME 'SHELL COMMAND' ...
  --per N UNIT      also print N / time in UNIT/s (e.g. --per 1000000 lines)
  --difference A B  also print A's median minus B's (what A does beyond B) beside the reference
"""
import os
import statistics
import sys
import time


def run(command):
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.execv("/usr/bin/env", ["env", "bash", "-c", "exec " + command] if "=" not in command.split()[0] else ["env", command.split()[0], "bash", "-c", "exec " + command.split(None, 1)[1]])
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"rounds: '{command}' failed with status {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def main():
    args = sys.argv[1:]
    rounds, warmup, reference, per, difference = 5, 1, None, None, None
    while args and args[0].startswith("--"):
        flag = args.pop(0)
        if flag == "--rounds": rounds = int(args.pop(0))
        elif flag == "--warmup": warmup = int(args.pop(0))
        elif flag == "--reference": reference = args.pop(0)
        elif flag == "--per": per = (float(args.pop(0)), args.pop(0))
        elif flag == "--difference": difference = (args.pop(0), args.pop(0))
    commands = list(zip(args[0::2], args[1::2]))
    reference = reference or commands[-1][0]
    load_before = os.getloadavg()[0]
    for _ in range(warmup):
        for _, command in commands: run(command)
    results = {name: [] for name, _ in commands}
    for _ in range(rounds):
        for name, command in commands: results[name].append(run(command))
    load_after = os.getloadavg()[0]
    median = {name: statistics.median(r[0] for r in runs) for name, runs in results.items()}
    for name, runs in results.items():
        times = sorted(r[0] for r in runs)
        rss = statistics.median(r[1] for r in runs) / 1024
        cpu = statistics.median(r[2] for r in runs)
        rate = f"  {per[0] / median[name] / 1e6:7.2f} M {per[1]}/s" if per else ""
        ratio = f"  {median[name] / median[reference]:5.2f}x {reference}" if name != reference else "  (reference)"
        print(f"  {name:24} {median[name] * 1000:9.1f} ms (min {times[0] * 1000:.1f}, max {times[-1] * 1000:.1f})"
              f"  cpu {cpu * 1000:8.1f} ms  peak RSS {rss:7.1f} MB{rate}{ratio}")
    if difference:
        a, b = difference
        extra = median[a] - median[b]
        print(f"  {a} - {b}: {extra * 1000:.1f} ms = {extra / median[reference]:.2f}x {reference}")
    print(f"  ({rounds} rounds, medians; load average {load_before:.1f} before, {load_after:.1f} after, {os.cpu_count()} cores)")


main()
