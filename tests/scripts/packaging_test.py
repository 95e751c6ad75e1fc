#!/usr/bin/env python3
"""The packaging files hold together (issue 16 item 5): the GitHub Action is a composite that
lints to SARIF, uploads it and comments the diff, and passes inputs to its scripts through env
only; the krew manifest renders with the tarball's real SHA-256 and names the binary; the
Dockerfile is multi-stage on Debian, built by scripts/setup, and runs as a non-root user with
kueuegov as entrypoint; both pre-commit hooks parse. (The image itself needs a Docker daemon
and is not built here; the .deb it installs is tested by deb_test.sh.)
usage: packaging_test.py SOURCE_DIR KUEUEGOV_BINARY"""
import hashlib
import os
import re
import subprocess
import sys
import tarfile
import tempfile

import yaml


def main():
    src, binary = sys.argv[1], sys.argv[2]
    problems = []

    def check(cond, what):
        if not cond:
            problems.append(what)

    action = yaml.safe_load(open(os.path.join(src, "action.yml")))
    check(action["runs"]["using"] == "composite", "action.yml: not a composite action")
    steps = action["runs"]["steps"]
    check(any(s.get("uses", "").startswith("github/codeql-action/upload-sarif@") for s in steps),
          "action.yml: no SARIF upload")
    runs = "\n".join(s.get("run", "") for s in steps)
    check("-o sarif" in runs and "kueuegov diff" in runs and "-o markdown" in runs,
          "action.yml: lint -o sarif and diff -o markdown expected")
    check("${{" not in runs, "action.yml: an expression inside `run` (inputs must come through env)")
    check("scripts/setup" in runs, "action.yml: kueuegov is not built with scripts/setup")

    with tempfile.TemporaryDirectory() as tmp:
        tarball = os.path.join(tmp, "kueuegov.tar.gz")
        with tarfile.open(tarball, "w:gz") as t:
            t.add(binary, arcname="kueuegov")
            t.add(os.path.join(src, "scripts/completion/kubectl_complete-kueuegov"), arcname="kubectl_complete-kueuegov")
        out = subprocess.run([os.path.join(src, "scripts/krew-manifest"), "1.2.3", "https://example.org/kueuegov",
                              "https://example.org/kueuegov-1.2.3.tar.gz", tarball],
                             check=True, capture_output=True, text=True).stdout
        check("@" not in re.sub(r"#.*", "", out), "krew manifest: a placeholder left unfilled")
        m = yaml.safe_load(out)
        check(m["kind"] == "Plugin" and m["metadata"]["name"] == "kueuegov", "krew manifest: kind or name")
        check(m["spec"]["version"] == "v1.2.3", "krew manifest: version")
        p = m["spec"]["platforms"][0]
        check(p["sha256"] == hashlib.sha256(open(tarball, "rb").read()).hexdigest(), "krew manifest: sha256")
        with tarfile.open(tarball) as t:
            names = t.getnames()
        check(p["bin"] in names, "krew manifest: bin is not in the tarball")
        check(all(f["from"] in names for f in p["files"]), "krew manifest: a file is not in the tarball")

    docker = open(os.path.join(src, "Dockerfile")).read()
    froms = re.findall(r"^FROM\s+(\S+)", docker, re.M)
    check(len(froms) >= 2 and all(f.startswith("debian:") for f in froms), "Dockerfile: multi-stage on Debian")
    check("scripts/setup" in docker, "Dockerfile: not built with scripts/setup")
    user = re.findall(r"^USER\s+(\S+)", docker, re.M)
    check(user and not user[-1].startswith(("root", "0")), "Dockerfile: runtime user is root")
    check(re.search(r'^ENTRYPOINT \["/usr/bin/kueuegov"\]', docker, re.M), "Dockerfile: entrypoint")

    hooks = {h["id"]: h for h in yaml.safe_load(open(os.path.join(src, ".pre-commit-hooks.yaml")))}
    check(hooks.get("kueuegov-lint-docker", {}).get("language") == "docker", "pre-commit: no docker variant")
    check(hooks.get("kueuegov-lint", {}).get("language") == "system", "pre-commit: no system hook")

    print("\n".join("FAIL: " + p for p in problems) or "packaging: action, krew, Dockerfile and hooks hold together")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
