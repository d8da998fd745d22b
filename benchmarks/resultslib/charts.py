"""The charts: one SVG per question with a measured ratio, drawn with matplotlib (pinned in
benchmarks/requirements.txt) so that the same data gives the same bytes on every machine."""
import re
import textwrap
from io import StringIO
from pathlib import Path

from .data import charted, num
from .markdown import date_cell, heading


def goal_number(goal):
    """(operator, number) of a goal such as ">= 0.9 (target 0.97)", None when it has no number."""
    m = re.match(r"\s*(>=|<=)\s*([0-9.]+)", goal or "")
    return (m.group(1), float(m.group(2))) if m else None


def charts(data):
    """{file name: SVG text}, one per question with at least one measured ratio."""
    import matplotlib
    matplotlib.use("svg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager
    # only the fonts matplotlib ships: a system's own DejaVu Sans (another version, other metrics)
    # would move the text, and the same data must give the same bytes on every machine
    bundled = str(Path(matplotlib.get_data_path()) / "fonts")
    font_manager.fontManager.ttflist = [f for f in font_manager.fontManager.ttflist if f.fname.startswith(bundled)]
    matplotlib.rcParams.update({
        "svg.hashsalt": "lumen-benchmarks",  # fixed ids, so the same data gives the same bytes
        "svg.fonttype": "none",              # text stays text: smaller, searchable
        "font.family": "DejaVu Sans",
        "font.size": 9,
    })
    out = {}
    for q in data["questions"]:
        rows = charted(q)
        if not rows:
            continue
        labels = ["\n".join(textwrap.wrap(r["label"], 44)) for r in rows]
        fig, ax = plt.subplots(figsize=(8, 0.62 * len(rows) + 1.7))
        ys = list(range(len(rows)))[::-1]
        top = max(max(r.get("max") or r["ratio"] for r in rows), 1.0)
        for y, r in zip(ys, rows):
            lower = r.get("lower_is_better", False)
            ax.barh(y, r["ratio"], height=0.55, color="#d9822b" if lower else "#2b6cb0")
            if r.get("min") is not None:
                ax.errorbar(r["ratio"], y, xerr=[[r["ratio"] - r["min"]], [r["max"] - r["ratio"]]],
                            fmt="none", ecolor="#222222", capsize=3, linewidth=1)
            right = max(r.get("max") or r["ratio"], r["ratio"])
            g = goal_number(r.get("goal"))
            if g:
                ax.plot([g[1]], [y], marker="D", color="#c53030", markersize=5, linestyle="none")
                top = max(top, g[1])
                right = max(right, g[1])   # the figure's text right of the diamond, never over it
            ax.text(right + top * 0.02, y, num(r["ratio"]), va="center", fontsize=8)
        ax.axvline(1.0, color="#555555", linestyle="--", linewidth=0.8)
        ax.set_yticks(ys, labels)
        ax.set_xlim(0, top * 1.18)
        ax.set_xlabel("ratio")
        runs = dict.fromkeys(r["run"] for r in rows)
        when = "; ".join(date_cell(q["runs"][n]) for n in runs)
        fig.suptitle("\n".join(textwrap.wrap(heading(q), 90)), x=0.01, ha="left", fontsize=10)
        legend = ("Bars: the median ratio, first over second as labelled (blue: higher is better, orange: lower is "
                  "better); whiskers: its spread; dashed line: parity; diamond: the goal. When: " + when + ".")
        fig.text(0.01, 0.01, "\n".join(textwrap.wrap(legend, 150)), fontsize=7, color="#444444")
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout(rect=(0, 0.055, 1, 1))
        buf = StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None})
        plt.close(fig)
        out[f"bench-{q['id']}.svg"] = buf.getvalue()
    return out
