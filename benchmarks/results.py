#!/usr/bin/env python3
"""The benchmark results as data: benchmarks/results.json holds the current headline figure of every
question (ratio, spread, p99, goal, and the run that measured it: command, date, commit, load), and
this script turns it into what people read:

  render  RESULTS.md's current tables, benchmarks/README.md's Performance section, the README's headline lines and one chart per measured
          question (docs/img/bench-<question>.svg, matplotlib), all from results.json
  check   exits 1 when any of them differs from what render would write, when the data breaks a rule
          below, or when a command quoted in RESULTS.md, history/, the READMEs or docs/ names a knob
          its script does not have (so every quoted command still runs)
  record  puts new figures into results.json: from a script's last line (`<name>-bench key=value ...`)
          or key=value pairs, with the run's command, date and commit

Rules the data keeps (check enforces them): a question "measured" has at least one figure and one
"not measured yet" has none (never a made-up one); a figure's spread holds it (min <= figure <= max);
every result names a run of its question; every history file and script exists.

Run it through benchmarks/results.sh, which provides the pinned matplotlib (benchmarks/requirements.txt).
The parts are in resultslib/: data.py, markdown.py, charts.py, commands.py, record.py.
"""
import argparse
import sys

from resultslib.charts import charts
from resultslib.commands import check_commands
from resultslib.data import DATA, ROOT, DataError, dump, load, pending_scripts
from resultslib.markdown import (BENCHMARKS_README, CURRENT, HEADLINE, PERFORMANCE, README, RESULTS_MD, current_tables,
                                 headline_section, performance_section, replace_block)
from resultslib.record import record

IMG = ROOT / "docs" / "img"


def render(data):
    """{path: new text} of everything render writes."""
    files = {
        RESULTS_MD: replace_block(RESULTS_MD.read_text(), CURRENT, current_tables(data), "RESULTS.md"),
        BENCHMARKS_README: replace_block(BENCHMARKS_README.read_text(), PERFORMANCE, performance_section(data),
                                         "benchmarks/README.md"),
        README: replace_block(README.read_text(), HEADLINE, headline_section(data), "README.md"),
    }
    for name, svg in charts(data).items():
        files[IMG / name] = svg
    return files


def stale_charts(files):
    return sorted(p for p in IMG.glob("bench-*.svg") if p not in files)


def cmd_render(args):
    data = load()
    files = render(data)
    IMG.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
    for p in stale_charts(files):
        p.unlink()
        print(f"removed {p.relative_to(ROOT)} (no measured ratio in its question any more)")
    if DATA.read_text() != dump(data):
        DATA.write_text(dump(data))
        print(f"rewrote {DATA.relative_to(ROOT)} in its canonical layout")
    return 0


def cmd_check(args):
    data = load()
    problems = []
    if DATA.read_text() != dump(data):
        problems.append("benchmarks/results.json is not in its canonical layout")
    files = render(data)
    for path, text in files.items():
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing")
        elif path.read_text() != text:
            problems.append(f"{path.relative_to(ROOT)} differs from what results.json gives")
    problems += [f"{p.relative_to(ROOT)} belongs to no measured question" for p in stale_charts(files)]
    problems += check_commands(pending_scripts(data))
    for p in problems:
        print(f"results check: {p}", file=sys.stderr)
    if problems:
        print("results check: FAILED; after editing benchmarks/results.json run: benchmarks/results.sh render", file=sys.stderr)
        return 1
    print(f"results check: {len(data['questions'])} questions; RESULTS.md, the READMEs and {len(files) - 3} charts match results.json; "
          "every quoted command names existing knobs")
    return 0


def cmd_record(args):
    print(record(args))
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="results.sh", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command_name", required=True)
    sub.add_parser("render", help="write RESULTS.md's current tables, the Performance section of benchmarks/README.md, the README's headline lines and the charts")
    sub.add_parser("check", help="fail when anything differs from what render would write")
    rec = sub.add_parser("record", help="put a run's figures into results.json",
                         description="Every result of <question> whose key is in the line(s) or in --set gets the new "
                                     "figure; key_min/key_max give its spread, key_p99 its p99 ratio. Several --line "
                                     "(a RUNS=n benchmark's per-run lines): the median, spread over the runs.")
    rec.add_argument("question", help="the question's id in results.json, e.g. proxy")
    rec.add_argument("--line", action="append", default=[], help="the script's last line, '<name>-bench key=value ...'")
    rec.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a figure by hand (KEY_min=, KEY_max= for its spread, KEY_p99= for its p99 ratio)")
    rec.add_argument("--command", required=True, help="the exact command that produced the figures")
    rec.add_argument("--date", help="when it ran (default: now, UTC)")
    rec.add_argument("--commit", help="the commit it measured (default: git HEAD)")
    rec.add_argument("--load", help="the load average during the run, e.g. '1.2 -> 2.3'")
    rec.add_argument("--note", help="anything a reader needs to know about the run")
    rec.add_argument("--run", help="the run's name in results.json (default: its UTC time); an existing name is the same run: "
                                    "its command, date, commit, load and note are replaced")
    rec.add_argument("--label", action="append", default=[], metavar="KEY=TEXT",
                     help="the result's contenders as the table shows them, e.g. 'Lumen / Spring Security'; a KEY the question "
                          "does not have yet becomes a new result (a ratio, or a value with --unit KEY=UNIT)")
    rec.add_argument("--unit", action="append", default=[], metavar="KEY=UNIT", help="a new result is a value in UNIT, not a ratio")
    rec.add_argument("--suffix", default="", help="the line is a variant run: its key K fills the result K<suffix> (e.g. _nodelay)")
    rec.add_argument("--about", help="the question's note under its table ('' removes it); recording a question 'not measured "
                                     "yet' drops its old note unless this gives one")
    rec.add_argument("--spread-over", help="what a single line's key_min/key_max range over (default: rounds)")
    args = p.parse_args(argv)
    try:
        return {"render": cmd_render, "check": cmd_check, "record": cmd_record}[args.command_name](args)
    except DataError as e:
        print(f"results: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
