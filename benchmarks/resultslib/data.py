"""results.json: loading it, the rules its data keeps, and writing it back in its canonical layout
(a result per line, so that a change is one line in a diff)."""
import json
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent
ROOT = BENCHMARKS.parent
DATA = BENCHMARKS / "results.json"
STATUSES = ("measured", "not measured yet")
RESULT_FIELDS = ("key", "label", "ratio", "value", "unit", "min", "max", "spread", "p99_ratio", "p99",
                 "lower_is_better", "goal", "run")
RUN_FIELDS = ("command", "date", "commit", "load", "recorded", "note")


class DataError(Exception):
    """results.json breaks a rule, or a command asks for something it does not have: the message
    names the question and the result."""


def load(path=DATA):
    """results.json, checked (DataError when it breaks a rule)."""
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise DataError(f"{path.name}:{e.lineno}:{e.colno}: {e.msg}") from e
    validate(data)
    return data


def figure(result):
    """The result's figure: its ratio, else its value (None when it was not measured)."""
    return result["ratio"] if "ratio" in result else result.get("value")


def pending_scripts(data):
    """The scripts of questions that wait for another branch ("arrives_with") and are not here yet."""
    return {q["script"] for q in data["questions"] if q.get("arrives_with") and not (ROOT / q["script"]).is_file()}


def charted(q):
    """The results of a question that go into its chart: those with a measured ratio."""
    return [r for r in q["results"] if r.get("ratio") is not None]


def validate(data):
    """Raises DataError at the first broken rule (see results.py)."""
    seen = set()
    for q in data.get("questions", []):
        where = f"question '{q.get('id', '?')}'"
        for field in ("id", "title", "compares", "script", "line", "status", "runs", "results"):
            if field not in q:
                raise DataError(f"{where}: no '{field}'")
        if q["id"] in seen:
            raise DataError(f"{where}: the id is used twice")
        seen.add(q["id"])
        if q["status"] not in STATUSES:
            raise DataError(f"{where}: status must be one of {STATUSES}, got '{q['status']}'")
        if not (ROOT / q["script"]).is_file() and not (q.get("arrives_with") and q["status"] == "not measured yet"):
            # a question may wait for a script another branch brings ("arrives_with"), never a figure
            waits = f" (it comes with {q['arrives_with']}: figures only once that is merged)" if q.get("arrives_with") else ""
            raise DataError(f"{where}: script {q['script']} does not exist{waits}")
        if q.get("history") and not (BENCHMARKS / q["history"]).is_file():
            raise DataError(f"{where}: history {q['history']} does not exist")
        if not q["results"]:
            raise DataError(f"{where}: no results")
        figures = 0
        for r in q["results"]:
            rwhere = f"{where}, result '{r.get('key', '?')}'"
            for field in ("key", "label", "run"):
                if field not in r:
                    raise DataError(f"{rwhere}: no '{field}'")
            if ("ratio" in r) == ("value" in r):
                raise DataError(f"{rwhere}: needs exactly one of 'ratio' and 'value'")
            if r["run"] not in q["runs"]:
                raise DataError(f"{rwhere}: run '{r['run']}' is not in the question's runs")
            f = figure(r)
            if f is None:
                if any(r.get(k) is not None for k in ("min", "max", "p99_ratio")):
                    raise DataError(f"{rwhere}: a spread or p99 without a figure")
                continue
            figures += 1
            if not isinstance(f, (int, float)):
                raise DataError(f"{rwhere}: the figure must be a number or null, got {f!r}")
            if (r.get("min") is None) != (r.get("max") is None):
                raise DataError(f"{rwhere}: 'min' and 'max' go together")
            if r.get("min") is not None:
                if not r["min"] <= f <= r["max"]:
                    raise DataError(f"{rwhere}: {f} is outside its spread {r['min']} - {r['max']}")
                if not r.get("spread"):
                    raise DataError(f"{rwhere}: 'spread' must say what min - max is over (rounds, runs, JVMs)")
        if q["status"] == "measured" and figures == 0:
            raise DataError(f"{where}: 'measured' but no result has a figure")
        if q["status"] == "not measured yet" and figures > 0:
            raise DataError(f"{where}: 'not measured yet' but {figures} result(s) have a figure")
        for name, run in q["runs"].items():
            if not run.get("command"):
                raise DataError(f"{where}, run '{name}': no command")


def ordered(d, fields):
    """d with the known fields first, in their order, then any others as they come."""
    return {**{k: d[k] for k in fields if k in d}, **{k: v for k, v in d.items() if k not in fields}}


def dump(data):
    """results.json as this script writes it: a result per line, so a change is one line in a diff."""
    def one(v):
        return json.dumps(v, ensure_ascii=False)
    out = ["{"]
    top = [k for k in data if k != "questions"]
    for k in top:
        out.append(f"  {one(k)}: {one(data[k])},")
    out.append('  "questions": [')
    for qi, q in enumerate(data["questions"]):
        out.append("    {")
        fields = list(q)
        for fi, k in enumerate(fields):
            comma = "," if fi < len(fields) - 1 else ""
            if k == "runs":
                out.append('      "runs": {')
                names = list(q["runs"])
                for ni, n in enumerate(names):
                    out.append(f"        {one(n)}: {one(ordered(q['runs'][n], RUN_FIELDS))}{',' if ni < len(names) - 1 else ''}")
                out.append("      }" + comma)
            elif k == "results":
                out.append('      "results": [')
                for ri, r in enumerate(q["results"]):
                    out.append(f"        {one(ordered(r, RESULT_FIELDS))}{',' if ri < len(q['results']) - 1 else ''}")
                out.append("      ]" + comma)
            else:
                out.append(f"      {one(k)}: {one(q[k])}{comma}")
        out.append("    }" + ("," if qi < len(data["questions"]) - 1 else ""))
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


def num(v):
    """A figure as the tables show it: as recorded, 2 or 3 decimals; big numbers with thousands separators."""
    if v is None:
        return "-"
    if isinstance(v, int) or float(v).is_integer() and abs(v) >= 100:
        return f"{int(v):,}"
    if abs(v) >= 100:
        return f"{v:,.1f}"
    text = f"{v:.3f}"   # as recorded: 3 decimals at most, at least 2 (3.30 stays 3.30)
    return text[:-1] if text.endswith("0") else text
