#!/usr/bin/env python3
"""The krew manifest that scripts/krew-manifest renders passes krew's own rules (issue 16 item 4),
written from krew's validation (internal/index/validation/validate.go), its index checker
(cmd/validate-krew-manifest) and its developer guide (plugin-manifest):
- apiVersion krew.googlecontainertools.github.com/v1alpha2, kind Plugin, the name safe
  (^[\\w-]+$, no Windows device name) and equal to the manifest's file name;
- shortDescription set, one line, at most 70 characters; description and caveats lines at most
  80 (a longer line of one word is allowed; krew's index checker only warns on lengths, here
  they fail, since the index's reviewers ask for them); version a semantic version with the 'v' prefix;
- each platform: uri and a sha256 of 64 lower-case hex digits, equal to the archive's; bin set;
  files unset or non-empty with from/to set; a selector that is neither nil nor empty, keyed
  by os and arch only, matching at least one platform krew supports, no two platforms selecting
  the same os/arch;
- then the install is done as krew does it: the archive unpacked, each `from` glob moved to
  `to` inside the plugin directory (never outside it), `bin` present and executable there, and
  kubectl-kueuegov linked to it; the link runs (`kubectl kueuegov version` is this).
Negative cases feed broken manifests to the same checker, so it cannot pass everything.
usage: krew_manifest_test.py SOURCE_DIR KUEUEGOV_BINARY"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import yaml

API_VERSION = "krew.googlecontainertools.github.com/v1alpha2"
# The <os, arch> pairs krew's index checker knows, plus the arm64 ones of current krew releases.
PLATFORMS = [("windows", "386"), ("windows", "amd64"), ("linux", "386"), ("linux", "amd64"), ("linux", "arm"),
             ("linux", "arm64"), ("darwin", "386"), ("darwin", "amd64"), ("darwin", "arm64")]
WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL"} | {f"COM{i}" for i in range(1, 10)} | {f"LPT{i}" for i in range(1, 10)}
SEMVER = re.compile(r"^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")


def selector_matches(sel, os_, arch):
    """metav1.LabelSelector semantics over the labels {os, arch}."""
    labels = {"os": os_, "arch": arch}
    for k, v in (sel.get("matchLabels") or {}).items():
        if labels.get(k) != v:
            return False
    for e in sel.get("matchExpressions") or []:
        op, key, values = e.get("operator"), e.get("key"), e.get("values") or []
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and labels.get(key) in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


def long_lines(text, limit):
    return [l for l in (text or "").split("\n") if len(l) > limit and " " in l.strip()]


def validate(manifest_path, archive):
    """krew's structural and index rules; returns the problems found."""
    problems = []
    m = yaml.safe_load(open(manifest_path))
    if not isinstance(m, dict):
        return ["not a YAML mapping"]
    name = os.path.basename(manifest_path)
    if not name.endswith(".yaml"):
        problems.append(f"manifest file {name} does not end in .yaml")
    name = name[: -len(".yaml")]
    spec = m.get("spec") or {}
    meta = m.get("metadata") or {}
    if m.get("apiVersion") != API_VERSION:
        problems.append(f"apiVersion {m.get('apiVersion')!r}, expected {API_VERSION}")
    if m.get("kind") != "Plugin":
        problems.append(f"kind {m.get('kind')!r}, expected Plugin")
    if not re.fullmatch(r"[\w-]+", name) or name.upper() in WINDOWS_DEVICES:
        problems.append(f"plugin name {name!r} is not allowed")
    if meta.get("name") != name:
        problems.append(f"metadata.name {meta.get('name')!r} differs from the file name {name!r}")
    short = spec.get("shortDescription") or ""
    if not short:
        problems.append("no shortDescription")
    if "\n" in short.rstrip("\n") or "\r" in short:
        problems.append("shortDescription has a line break")
    if long_lines(short, 70):
        problems.append("shortDescription longer than 70 characters")
    for field in ("description", "caveats"):
        if long_lines(spec.get(field), 80):
            problems.append(f"{field} has a line longer than 80 characters")
    if not SEMVER.match(str(spec.get("version") or "")):
        problems.append(f"version {spec.get('version')!r} is not a semantic version with the v prefix")
    platforms = spec.get("platforms") or []
    if not platforms:
        problems.append("no platform")
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    for i, p in enumerate(platforms):
        where = f"spec.platforms[{i}]"
        if not p.get("uri"):
            problems.append(f"{where}: no uri")
        sha = str(p.get("sha256") or "")
        if not re.fullmatch(r"[a-f0-9]{64}", sha):
            problems.append(f"{where}: sha256 {sha!r} is not 64 lower-case hex digits")
        elif sha != digest:
            problems.append(f"{where}: sha256 {sha} is not the archive's {digest}")
        if not p.get("bin"):
            problems.append(f"{where}: no bin")
        files = p.get("files")
        if files is not None:
            if not files:
                problems.append(f"{where}: files is empty (leave it out or list the files)")
            for f in files:
                if not f.get("from") or not f.get("to"):
                    problems.append(f"{where}: a files entry without from or to")
        sel = p.get("selector")
        if not sel or (sel.get("matchLabels") is None and not sel.get("matchExpressions")):
            problems.append(f"{where}: nil or empty selector")
            continue
        keys = list((sel.get("matchLabels") or {}).keys()) + [e.get("key") for e in sel.get("matchExpressions") or []]
        for k in keys:
            if k not in ("os", "arch"):
                problems.append(f"{where}: selector key {k!r} (only os and arch)")
        if sel.get("matchLabels") == {}:
            problems.append(f"{where}: matchLabels specified but empty")
        if not any(selector_matches(sel, o, a) for o, a in PLATFORMS):
            problems.append(f"{where}: the selector matches no platform krew supports")
    for o, a in PLATFORMS:
        hits = [i for i, p in enumerate(platforms) if p.get("selector") and selector_matches(p["selector"], o, a)]
        if len(hits) > 1:
            problems.append(f"platforms {hits} overlap on os={o}/arch={a}")
    return problems


def install(manifest_path, archive, root):
    """krew install --manifest --archive, for the linux/amd64 platform: returns the link's path."""
    m = yaml.safe_load(open(manifest_path))
    name = m["metadata"]["name"]
    p = next(p for p in m["spec"]["platforms"] if selector_matches(p["selector"], "linux", "amd64"))
    unpacked, plugin_dir, bin_dir = (os.path.join(root, d) for d in ("download", "store/" + name, "bin"))
    for d in (unpacked, plugin_dir, bin_dir):
        os.makedirs(d)
    with tarfile.open(archive) as t:
        for member in t.getmembers():
            # krew refuses archive entries that would land outside the download directory.
            target = os.path.realpath(os.path.join(unpacked, member.name))
            assert target.startswith(os.path.realpath(unpacked) + os.sep), f"archive entry {member.name} escapes"
        t.extractall(unpacked)
    for op in p.get("files") or [{"from": "*", "to": "."}]:
        dest_dir = os.path.realpath(os.path.join(plugin_dir, op["to"]))
        assert dest_dir == os.path.realpath(plugin_dir) or dest_dir.startswith(os.path.realpath(plugin_dir) + os.sep), \
            f"files: to {op['to']!r} leaves the plugin directory"
        matches = glob.glob(os.path.join(unpacked, op["from"]))
        assert matches, f"files: from {op['from']!r} matches nothing in the archive"
        os.makedirs(dest_dir, exist_ok=True)
        for src in matches:
            shutil.move(src, os.path.join(dest_dir, os.path.basename(src)))
    binary = os.path.realpath(os.path.join(plugin_dir, p["bin"]))
    assert binary.startswith(os.path.realpath(plugin_dir) + os.sep), "bin leaves the plugin directory"
    assert os.path.isfile(binary) and os.access(binary, os.X_OK), f"bin {p['bin']} is not an executable file"
    link = os.path.join(bin_dir, "kubectl-" + name.replace("-", "_"))
    os.symlink(binary, link)
    return link


def main():
    src, binary = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        archive = os.path.join(tmp, "kueuegov-linux-amd64.tar.gz")
        with tarfile.open(archive, "w:gz") as t:
            t.add(binary, arcname="kueuegov")
            t.add(os.path.join(src, "scripts/completion/kubectl_complete-kueuegov"), arcname="kubectl_complete-kueuegov")
        manifest = os.path.join(tmp, "kueuegov.yaml")
        rendered = subprocess.run([os.path.join(src, "scripts/krew-manifest"), "0.4.0", "https://example.org/kueuegov",
                                   "https://example.org/kueuegov-linux-amd64.tar.gz", archive],
                                  check=True, capture_output=True, text=True).stdout
        open(manifest, "w").write(rendered)
        for p in validate(manifest, archive):
            failures.append("rendered manifest: " + p)
        if not failures:
            link = install(manifest, archive, os.path.join(tmp, "krew"))
            out = subprocess.run([link, "version"], capture_output=True, text=True)
            if out.returncode != 0 or not out.stdout.startswith("kueuegov"):
                failures.append(f"installed plugin: `kubectl-kueuegov version` gave {out.returncode}: {out.stdout!r}")
            comp = os.path.join(os.path.dirname(os.path.realpath(link)), "kubectl_complete-kueuegov")
            if not os.access(comp, os.X_OK):
                failures.append("installed plugin: kubectl_complete-kueuegov missing or not executable")

        # The checker must reject what krew rejects.
        base = yaml.safe_load(rendered)
        broken = {
            "a sha256 of another archive": lambda m: m["spec"]["platforms"][0].update(sha256="0" * 64),
            "version without v": lambda m: m["spec"].update(version="0.4.0"),
            "selector on an unknown key": lambda m: m["spec"]["platforms"][0]["selector"]["matchLabels"].update(libc="musl"),
            "empty selector": lambda m: m["spec"]["platforms"][0].update(selector={}),
            "overlapping platforms": lambda m: m["spec"]["platforms"].append(dict(m["spec"]["platforms"][0])),
            "two-line shortDescription": lambda m: m["spec"].update(shortDescription="a\nb"),
            "name differs from the file": lambda m: m["metadata"].update(name="kueue-gov"),
            "no bin": lambda m: m["spec"]["platforms"][0].pop("bin"),
        }
        for what, edit in broken.items():
            m = yaml.safe_load(yaml.safe_dump(base))
            edit(m)
            path = os.path.join(tmp, "neg", "kueuegov.yaml")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").write(yaml.safe_dump(m))
            if not validate(path, archive):
                failures.append(f"checker accepted a broken manifest: {what}")

    print("\n".join("FAIL: " + f for f in failures) or "krew manifest: krew's rules hold, and the install runs")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
