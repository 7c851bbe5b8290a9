#!/usr/bin/env python3
"""Pseudo-terminal tests of what fits the screen: width, pager and help at 80x30 (issue 51).

Usage: test_screen.py [BINARY] (as test_interactive.py, whose sandbox and helpers it uses).
Each test starts configurator in a terminal of 80 columns and 30 rows and checks that what it
shows fits, that output taller than the screen goes through the pager (a small script that
marks where its input starts and ends, or less itself) and that the prompt comes back.
"""

import os
import re
import stat
import sys

import pexpect

import test_interactive as prompt_tests
from test_interactive import BANNER, PROMPT, SHELL_PROMPT, check, expect_ended

ROWS, COLUMNS = 30, 80
LINEUP = os.path.join(prompt_tests.ROOT, "Examples", "lineup.json")
START, END = "<<PAGER-START>>", "<<PAGER-END>>"


def marking_pager(sandbox):
    """A pager that copies its input between two marker lines."""
    path = os.path.join(sandbox.folder, "pager")
    with open(path, "w", encoding="utf-8") as file:
        file.write(f"#!/bin/sh\necho '{START}'\ncat\necho '{END}'\n")
    os.chmod(path, stat.S_IRWXU)
    return path


def spawn(sandbox, arguments=(), pager=None, prompt=True):
    """configurator at 80x30 with PAGER set (or unset, for less -FRX)."""
    env = sandbox.environment()
    env.pop("PAGER", None)
    env.pop("CONFIGURATOR_PAGER", None)
    env.pop("LESS", None)
    if pager is not None:
        env["PAGER"] = pager
    child = pexpect.spawn(
        prompt_tests.BINARY, list(arguments), env=env, encoding="utf-8", codec_errors="replace",
        timeout=10, dimensions=(ROWS, COLUMNS),
    )
    if prompt:
        child.expect_exact(BANNER)
        child.expect_exact(PROMPT)
    return child


def run(child, command):
    """Types a command and returns the lines it printed before the next prompt."""
    child.sendline(command)
    # The line's last draw, the Enter's line break, the output, then an empty prompt.
    child.expect(re.escape(PROMPT + command) + r"\x1b\[K\r\x1b\[\d+C\r\n")
    child.expect_exact("\r" + PROMPT + "\x1b[K")
    return shown_lines(child.before)


def shown_lines(text):
    return [prompt_tests.ESCAPE_SEQUENCE.sub("", line) for line in text.split("\r\n")]


def check_fits(lines, what):
    wide = [line for line in lines if len(line) > COLUMNS]
    check(not wide, f"{what}: {len(wide)} lines wider than {COLUMNS}: {wide[:2]!r}")


def sell_one(child):
    for command in ("build estate extras=tow", "stock add 1 2", 'stock sell S-6 customer="Ann Lee"'):
        run(child, command)


# MARK: tests


def test_options_of_a_catalog_model_fit_80_columns_with_the_reason_wrapped(sandbox):
    child = spawn(sandbox, ["--catalog", LINEUP], pager=marking_pager(sandbox))
    lines = run(child, "options estate extras=tow")
    check_fits(lines, "options estate")
    check(START not in lines, "a table shorter than the screen was paged")
    # The one reason wider than its column goes on under it.
    first = next(index for index, line in enumerate(lines) if line.startswith("floorplan"))
    check(lines[first].endswith("by the"), f"not wrapped: {lines[first]!r}")
    check(lines[first + 1].strip() == "model", f"not under its column: {lines[first + 1]!r}")
    check(lines[first + 1].index("model") == lines[0].index("REASON"), "not under REASON")


def test_stock_and_stock_in_three_currencies_fit_80_columns(sandbox):
    child = spawn(sandbox, pager=marking_pager(sandbox))
    check_fits(run(child, "stock"), "stock")
    lines = run(child, "stock usd gbp eur")
    check_fits(lines, "stock usd gbp eur")
    check(any("VALUE EUR" in line for line in lines), "a currency's column is missing")
    check(lines.count("") >= 1, "no second block for the columns that do not fit")


def test_sales_in_two_currencies_fit_80_columns(sandbox):
    child = spawn(sandbox, ["--catalog", LINEUP], pager=marking_pager(sandbox))
    sell_one(child)
    lines = run(child, "sales usd gbp")
    check_fits(lines, "sales usd gbp")
    for title in ("CUSTOMER", "LIST USD", "PRICE GBP", "DIFF GBP"):
        check(any(title in line for line in lines), f"no {title} column")


def test_help_fits_80_columns_and_pages_as_it_is_taller_than_the_screen(sandbox):
    child = spawn(sandbox, pager=marking_pager(sandbox))
    lines = run(child, "help")
    check_fits(lines, "help")
    check(lines[0] == START and END in lines, f"help was not paged: {lines[:2]!r}")
    for task in ("Working car:", "Builds and quotes:", "Stock and sales:", "Catalogs and rules:",
                 "Session:"):
        check(task in lines, f"no group {task!r}")


def test_build_help_is_help_build_and_fits_80_columns(sandbox):
    child = spawn(sandbox, pager=marking_pager(sandbox))
    asked = run(child, "build --help")
    check_fits(asked, "build --help")
    check(asked[0].startswith("usage: build MODEL"), f"not build's help: {asked[0]!r}")
    check(asked == run(child, "help build"), "build --help differs from help build")


def test_a_one_shot_command_pages_and_its_help_fits(sandbox):
    child = spawn(sandbox, ["help", "stock"], pager=marking_pager(sandbox), prompt=False)
    child.expect(pexpect.EOF)
    lines = shown_lines(child.before)
    check_fits(lines, "configurator help stock")
    child = spawn(sandbox, ["--help"], pager=marking_pager(sandbox), prompt=False)
    child.expect(pexpect.EOF)
    lines = shown_lines(child.before)
    check_fits(lines, "configurator --help")
    check(lines[0] == START and END in lines, "configurator --help was not paged")
    status, _ = expect_ended(child)
    check(status == 0, f"exit status {status}")


def generated_line(sandbox, features=60):
    """A product line of our own: optional features in pairs that exclude each other, with
    long names, so its options table is taller than the screen and its reasons long."""
    names = [f"Feature_{index:03d}_with_a_rather_long_name" for index in range(features)]
    lines = ["features", "\tBig", "\t\toptional"] + [f"\t\t\t{name}" for name in names]
    lines += ["constraints"] + [
        f"\t{names[index]} => !{names[index + 1]}" for index in range(0, features - 1, 2)]
    path = os.path.join(sandbox.folder, "big.uvl")
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    return path


def test_options_of_a_product_line_taller_than_the_screen_page_and_fit(sandbox):
    child = spawn(sandbox, ["--catalog", generated_line(sandbox)], pager=marking_pager(sandbox))
    lines = run(child, f"options big {'Feature_000_with_a_rather_long_name'}")
    check(lines[0] == START and END in lines, "a table taller than the screen was not paged")
    check_fits(lines, "options big")
    check(any("excluded" in line for line in lines), "no excluded feature shown")


def test_short_output_is_not_paged_and_no_pager_never_pages(sandbox):
    child = spawn(sandbox, pager=marking_pager(sandbox))
    check(START not in run(child, "build sports"), "a short output was paged")
    child = spawn(sandbox, ["--no-pager"], pager=marking_pager(sandbox))
    lines = run(child, "help")
    check(START not in lines and "Session:" in lines, "--no-pager paged")


def test_a_pager_that_quits_early_loses_nothing_after_it_and_never_hangs(sandbox):
    child = spawn(sandbox, pager="head -n 2")
    lines = run(child, "help")
    check(lines[:2] == ["Working car:", "  configure MODEL [CHOICE...]   open a working car to shape"
                        " step by step"], f"not the pager's two lines: {lines[:3]!r}")
    check(len([line for line in lines if line]) == 2, "the rest reached the terminal")
    # The session goes on.
    check("Price: $72,900.00" in run(child, "build sports"), "the session did not go on")


def test_a_pager_that_cannot_start_leaves_the_output_written_directly(sandbox):
    child = spawn(sandbox, pager="/nonexistent/pager -x")
    lines = run(child, "help")
    check("Working car:" in lines and "Session:" in lines, "the output was lost")


def test_ctrl_c_in_less_does_not_end_the_session(sandbox):
    child = spawn(sandbox)
    child.sendline("help")
    child.expect_exact("Working car:")
    child.expect_exact(":")  # less's prompt: the screen is full
    child.send(prompt_tests.CTRL["c"])
    child.send("q")
    child.expect_exact(PROMPT)
    check(child.isalive(), "the session ended")
    check("Price: $72,900.00" in run(child, "build sports"), "the session did not go on")
    child.sendline("quit")
    status, _ = expect_ended(child)
    check(status == 0, f"exit status {status}")


def test_a_terminal_narrower_than_a_table_after_a_resize_gets_the_new_width(sandbox):
    child = spawn(sandbox, pager=marking_pager(sandbox))
    child.setwinsize(ROWS, 60)
    lines = run(child, "stock usd gbp")
    wide = [line for line in lines if len(line) > 60]
    check(not wide, f"wider than 60 after the resize: {wide[:2]!r}")


def test_completion_script_completes_bu_to_build_in_bash(sandbox):
    shell = sandbox.shell()
    folder = os.path.dirname(prompt_tests.BINARY)
    shell.sendline(f"export PATH={folder}:$PATH; source <(configurator --completion bash)")
    shell.expect_exact(SHELL_PROMPT)
    # Tab on "configurator bu": readline completes to the common start of build and builds.
    shell.send("configurator bu\t")
    shell.expect_exact("configurator bu")
    shell.expect_exact("ild")
    shell.send("\x15")  # Ctrl-U: clear the line
    shell.send("configurator build spo\t")
    shell.expect_exact("configurator build spo")
    shell.expect_exact("rts ")
    shell.send("\x15exit\r")
    expect_ended(shell)


TESTS = [value for name, value in list(globals().items()) if name.startswith("test_")]

if __name__ == "__main__":
    prompt_tests.TESTS = TESTS
    sys.exit(prompt_tests.main())
