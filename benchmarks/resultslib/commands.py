"""The commands quoted in the docs: every one that runs a benchmark script may only set knobs that
script has, so that a command copied from RESULTS.md, history/ or a README still runs and means what
it did."""
import functools
import re
import shlex

from .data import ROOT

# knobs every script has through lib.sh, and the documents whose commands are checked
LIB_KNOBS = {"BENCH_JAVA_HOME", "MVN_ARGS", "BENCH_MVN", "OUT_DIR"}
COMMAND_DOCS = ["README.md", "docs/*.md", "benchmarks/*.md", "benchmarks/history/*.md", "benchmarks/*/README.md"]


@functools.lru_cache(maxsize=None)
def config_files():
    """Lumen reads an environment variable FILE_KEY as key of FILE.yml: such words in a command are
    settings the script passes through to the services it starts, not knobs."""
    return frozenset(p.stem.upper().replace("-", "") for p in ROOT.glob("config/**/*.yml"))


def script_text(script):
    texts = [(ROOT / "benchmarks" / "lib.sh").read_text(), script.read_text()]
    for sub in ("lib", "sections"):
        texts += [p.read_text() for p in sorted((script.parent / sub).glob("*.sh"))] if script.name == "run.sh" else []
    return "\n".join(texts)


def quoted_commands(text):
    """(knob names, script) of every command in the text that runs a benchmark script."""
    spans = re.findall(r"`([^`]*)`", text, flags=re.S) + re.findall(r"^([^`\n]*benchmarks/\S+\.sh.*)$", text, flags=re.M)
    for span in spans:
        for m in re.finditer(r"(?:^|(?<=\s))((?:[A-Z_][A-Z0-9_]*=(?:\"[^\"]*\"|'[^']*'|\S*)\s+)*)(?:bash\s+)?(benchmarks/[\w./-]+\.sh)",
                             " ".join(span.split()), flags=re.S):
            try:
                words = shlex.split(m.group(1))
            except ValueError:
                continue
            yield [w.split("=", 1)[0] for w in words], m.group(2)


def check_commands(pending=frozenset()):
    """Problems with the quoted commands; a script in <pending> (its question waits for the branch that
    brings it) may be quoted before it exists."""
    problems = []
    for pattern in COMMAND_DOCS:
        for doc in sorted(ROOT.glob(pattern)):
            for knobs, script in quoted_commands(doc.read_text()):
                path = ROOT / script
                if not path.is_file():
                    if script in pending:
                        continue
                    problems.append(f"{doc.relative_to(ROOT)}: {script} does not exist")
                    continue
                text = script_text(path)
                for k in knobs:
                    if k in LIB_KNOBS or k.split("_")[0] in config_files():
                        continue
                    if not re.search(rf"\b{k}\b", text):
                        problems.append(f"{doc.relative_to(ROOT)}: {script} has no knob {k}")
    return sorted(set(problems))
