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


ENDINGS = ("_min", "_max", "_p99")


def with_suffix(line, suffix):
    """The line's words as the results of a variant run name them: <key><suffix>, with _min, _max and
    _p99 after the suffix (failed -> failed_nodelay, x_min -> x_nodelay_min)."""
    if not suffix:
        return line
    out = {}
    for k, v in line.items():
        out[k + suffix] = v
        for end in ENDINGS:
            if k.endswith(end):
                out.setdefault(k[: -len(end)] + suffix + end, v)
    return out


def pairs(items, option):
    """KEY=VALUE options as a dict."""
    out = {}
    for item in items:
        if "=" not in item:
            raise DataError(f"{option} '{item}' is not KEY=VALUE")
        k, v = item.split("=", 1)
        out[k] = v
    return out


def new_results(q, labels, units, sets, lines):
    """Rows for keys the question does not have yet: every --label names one (its contenders)."""
    known = {r["key"] for r in q["results"]}
    for k in units:
        if k not in known and k not in labels:
            raise DataError(f"--unit {k}: no such result in '{q['id']}'; a new one needs --label {k}='<A / B>'")
    for k, label in labels.items():
        if k in known:
            continue
        if k not in sets and not any(line.get(k) is not None for line in lines):
            raise DataError(f"--label {k}: a new result needs its figure (--set {k}=... or a line with {k}=)")
        row = {"key": k, "label": label}
        if k in units:
            row.update(value=None, unit=units[k])
        else:
            row["ratio"] = None
        row["run"] = None
        q["results"].append(row)


def record(args):
    """Updates results.json as args (results.py record) say; returns a line saying what it did."""
    data = load()
    q = next((q for q in data["questions"] if q["id"] == args.question), None)
    if q is None:
        raise DataError(f"no question '{args.question}' (known: {', '.join(x['id'] for x in data['questions'])})")
    lines = [with_suffix(parse_line(line, q["line"]), args.suffix) for line in args.line]
    sets = pairs(args.set, "--set")
    labels = pairs(args.label, "--label")
    units = pairs(args.unit, "--unit")
    new_results(q, labels, units, sets, lines)
    keys = {r["key"] for r in q["results"]}
    for k in sets:
        base = next((k[: -len(e)] for e in ENDINGS if k.endswith(e) and k[: -len(e)] in keys), k)
        if base not in keys:
            raise DataError(f"--set {k}: '{q['id']}' has no result {base} (known: {', '.join(sorted(keys))}; "
                            f"--label {base}='<A / B>' adds one)")
    run_name = args.run
    if not run_name:   # its UTC minute; a second record in the same minute is another run
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M")
        run_name = next(n for n in [stamp] + [f"{stamp}-{i}" for i in range(2, 1000)] if n not in q["runs"])
    updated = []
    for r in q["results"]:
        k = r["key"]
        if k in labels:
            r["label"] = labels[k]
        field = "ratio" if "ratio" in r else "value"
        if k in sets:
            r[field] = number(sets[k], k)
            for extra in ("min", "max", "spread", "p99_ratio", "p99"):
                r.pop(extra, None)
            if (f"{k}_min" in sets) != (f"{k}_max" in sets):
                raise DataError(f"--set {k}_min and --set {k}_max go together")
            if f"{k}_min" in sets:
                r.update(min=number(sets[f"{k}_min"], k), max=number(sets[f"{k}_max"], k), spread=args.spread_over or "rounds")
            if f"{k}_p99" in sets:
                r["p99_ratio"] = number(sets[f"{k}_p99"], k)
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
            if r["run"] is None:
                raise DataError(f"result '{k}': no figure for it")
            continue
        r["run"] = run_name
        updated.append(k)
    if not updated:
        raise DataError(f"nothing to record: none of {[r['key'] for r in q['results']]} is in the line(s) or --set"
                        + (f" (with --suffix {args.suffix})" if args.suffix else ""))
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
    said = ""
    if args.about is not None:
        q["note"] = args.about or None
    elif q["status"] == "not measured yet" and q.get("note"):
        # the old note described the question without figures
        said = f"; dropped its note '{q.pop('note')}' (--about '<text>' gives it a new one)"
    if q.get("note") is None:
        q.pop("note", None)
    q["status"] = "measured"
    validate(data)
    DATA.write_text(dump(data))
    return f"{q['id']}: recorded {', '.join(updated)} as run '{run_name}'{said}; now run: benchmarks/results.sh render"
