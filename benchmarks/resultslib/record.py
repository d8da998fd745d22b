"""record: new figures into results.json, from a script's last line(s) or by hand, with the run
that measured them."""
import datetime
import statistics
import subprocess

from .data import DATA, ROOT, DataError, dump, load, num, validate


def parse_line(line, prefix):
    words = line.strip().strip("`").split()
    if not words or words[0] != prefix:
        raise DataError(f"the line must start with '{prefix}', got '{words[0] if words else ''}'")
    out = {}
    for w in words[1:]:
        if "=" not in w:
            raise DataError(f"'{w}' in the line is not key=value")
        k, v = w.split("=", 1)
        out[k] = None if v == "NA" else v
    return out


def git_commit():
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        return head.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def number(text, where):
    try:
        v = float(text)
    except ValueError as e:
        raise DataError(f"{where}: '{text}' is not a number") from e
    return int(v) if v.is_integer() and "." not in text else v


def record(args):
    """Updates results.json as args (results.py record) say; returns a line saying what it did."""
    data = load()
    q = next((q for q in data["questions"] if q["id"] == args.question), None)
    if q is None:
        raise DataError(f"no question '{args.question}' (known: {', '.join(x['id'] for x in data['questions'])})")
    lines = [parse_line(line, q["line"]) for line in args.line]
    sets = dict(s.split("=", 1) for s in args.set)
    run_name = args.run or datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M")
    updated = []
    for r in q["results"]:
        k = r["key"]
        field = "ratio" if "ratio" in r else "value"
        if k in sets:
            r[field] = number(sets[k], k)
            for extra in ("min", "max", "spread", "p99_ratio", "p99"):
                r.pop(extra, None)
            if f"{k}_min" in sets:
                r.update(min=number(sets[f"{k}_min"], k), max=number(sets[f"{k}_max"], k), spread=args.spread_over or "rounds")
        elif lines and any(line.get(k) is not None for line in lines):
            values = [number(line[k], k) for line in lines if line.get(k) is not None]
            for extra in ("min", "max", "spread", "p99_ratio", "p99"):
                r.pop(extra, None)
            if len(lines) > 1:   # the lines of several runs: the median and the range over them
                r[field] = round(statistics.median(values), 3)
                r.update(min=min(values), max=max(values), spread=f"{len(values)} runs")
            else:
                r[field] = values[0]
                lo, hi = lines[0].get(f"{k}_min"), lines[0].get(f"{k}_max")
                if lo is not None and hi is not None:
                    r.update(min=number(lo, k), max=number(hi, k), spread=args.spread_over or "rounds")
            p99 = [number(line[f"{k}_p99"], k) for line in lines if line.get(f"{k}_p99") is not None]
            if p99:
                r["p99_ratio"] = round(statistics.median(p99), 3)
                if len(p99) > 1:
                    r["p99"] = f"{num(min(p99))}-{num(max(p99))}x over the runs"
        else:
            continue
        r["run"] = run_name
        updated.append(k)
    if not updated:
        raise DataError(f"nothing to record: none of {[r['key'] for r in q['results']]} is in the line(s) or --set")
    q["runs"][run_name] = {
        "command": args.command,
        "date": args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": args.commit or git_commit(),
        "load": args.load,
        "recorded": None,
        "note": args.note,
    }
    used = {r["run"] for r in q["results"]}
    q["runs"] = {n: run for n, run in q["runs"].items() if n in used}
    q["status"] = "measured"
    validate(data)
    DATA.write_text(dump(data))
    return f"{q['id']}: recorded {', '.join(updated)} as run '{run_name}'; now run: benchmarks/results.sh render"
