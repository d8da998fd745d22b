#!/usr/bin/env python3
"""Static checks of deploy/docker/*.Dockerfile against the repository (no Docker engine here).

For each Dockerfile: it is multi-stage; the final stage runs as a fixed non-root numeric user;
every COPY from the build context names a path that exists; every `-pl <module>` is a module of
the root pom; every file the final stage copies from the build stage is one the build produces
(a module's target/<finalName>.jar) or a folder of the repository; the ENTRYPOINT runs a jar the
final stage copied. Prints a summary line; exits 1 with the problems otherwise.
"""
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
NS = {"m": "http://maven.apache.org/POM/4.0.0"}


def modules():
    tree = ET.parse(os.path.join(ROOT, "pom.xml"))
    return {m.text.strip() for m in tree.getroot().findall("m:modules/m:module", NS)}


def final_jar(module):
    """The fat jar a module's build writes: target/<finalName>.jar of its shade or boot plugin."""
    pom = open(os.path.join(ROOT, module, "pom.xml"), encoding="utf-8").read()
    properties = dict(re.findall(r"<(lumen\.[\w.]+)>([^<$]+)</\1>", pom))  # e.g. lumen.fatJar
    names = [re.sub(r"\$\{([^}]+)\}", lambda m: properties.get(m.group(1), m.group(0)), n)
             for n in re.findall(r"<finalName>([^<]+)</finalName>", pom)]
    return {f"/src/{module}/target/{n}.jar" for n in names if "$" not in n}


def instructions(path):
    """(keyword, argument) pairs, continuation lines joined, comments dropped."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"\\\n", " ", text)
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        kw, _, arg = line.partition(" ")
        out.append((kw.upper(), arg.strip()))
    return out


def check(path, mods):
    problems = []
    name = os.path.relpath(path, ROOT)
    ins = instructions(path)
    stages = [i for i, (kw, _) in enumerate(ins) if kw == "FROM"]
    if len(stages) < 2:
        problems.append(f"{name}: not multi-stage")
        return problems
    built = set()
    for kw, arg in ins[: stages[-1]]:
        if kw == "RUN":
            for m in re.findall(r"-pl\s+([\w.,-]+)", arg):
                for mod in m.split(","):
                    if mod not in mods:
                        problems.append(f"{name}: -pl {mod} is not a module of pom.xml")
                    else:
                        built |= final_jar(mod)
    copied = set()
    user = None
    entry = None
    for kw, arg in ins:
        if kw == "COPY":
            parts = [p for p in arg.split() if not p.startswith("--") or p.startswith("--from")]
            from_stage = any(p.startswith("--from") for p in parts)
            srcs = [p for p in parts if not p.startswith("--")][:-1]
            dest = parts[-1]
            for s in srcs:
                if from_stage:
                    if s.endswith(".jar") and s not in built:
                        problems.append(f"{name}: copies {s}, which the build stage does not produce (it builds {sorted(built)})")
                    elif not s.endswith(".jar") and not os.path.exists(os.path.join(ROOT, s.replace("/src/", "", 1))):
                        problems.append(f"{name}: copies {s}, which is not in the repository")
                    copied.add(dest if not dest.endswith("/") else dest + os.path.basename(s))
                elif s != "." and not glob.glob(os.path.join(ROOT, s)):
                    problems.append(f"{name}: COPY {s}: no such path in the repository")
        elif kw == "USER":
            user = arg
        elif kw == "ENTRYPOINT":
            entry = json.loads(arg)
    if user is None or not re.fullmatch(r"[1-9]\d*(:[1-9]\d*)?", user):
        problems.append(f"{name}: the final stage must run as a fixed non-root numeric USER, got {user!r}")
    if not entry:
        problems.append(f"{name}: no exec-form ENTRYPOINT")
    else:
        jars = [entry[i + 1] for i, a in enumerate(entry[:-1]) if a == "-jar"]
        if not jars or jars[0] not in copied:
            problems.append(f"{name}: ENTRYPOINT runs {jars}, not a jar the final stage copied ({sorted(copied)})")
    return problems


def main():
    mods = modules()
    files = sorted(glob.glob(os.path.join(ROOT, "deploy", "docker", "*.Dockerfile")))
    problems = [p for f in files for p in check(f, mods)]
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"{len(files)} Dockerfiles consistent with the repository")


if __name__ == "__main__":
    main()
