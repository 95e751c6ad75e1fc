#!/usr/bin/env python3
"""Runs action.yml (the composite GitHub Action) the way the runner does (issue 16 item 4), on a
fixture repository with a pull request that raises a quota:
- inputs take their defaults, then the `with:` of the calling workflow; `${{ }}` expressions in
  env, with and if are evaluated over inputs, github (event, action_path, token), steps.ID.outputs;
- each `run:` step is written to a file and run as `bash --noprofile --norc -eo pipefail FILE`
  with GITHUB_OUTPUT, GITHUB_PATH, GITHUB_ENV, RUNNER_TEMP, GITHUB_WORKSPACE set, in the
  workspace; GITHUB_OUTPUT lines become steps.ID.outputs, GITHUB_PATH lines go before PATH;
- a step runs when its `if:` holds (default success(): no earlier step failed); `uses:` steps
  are recorded with their evaluated `with:` (upload-sarif cannot run here: its input is checked);
- `gh` is a fake on PATH that records its arguments and the comment body.
Step 1 runs the action's scripts/setup; here ACTION_PATH is a copy of the action whose
scripts/setup puts the binary under test at build/kueuegov (building it again would take the
machine for minutes; scripts/setup itself is run by the Dockerfile and scripts/test).
Checks: the SARIF file (2.1.0, kueuegov's rules, results with workspace-relative URIs), the
pull-request comment (the quota change of the fixture), -o github annotations, and the verdict
(fail-on error passes on warnings, fail-on warning fails the job).
usage: action_run_test.py SOURCE_DIR KUEUEGOV_BINARY"""
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

import yaml

QUEUES_BASE = """\
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: default}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: team-a}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: ["cpu"]
    flavors:
    - name: default
      resources:
      - {name: cpu, nominalQuota: 8}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: LocalQueue
metadata: {name: paused, namespace: team-a}
spec: {clusterQueue: team-a, stopPolicy: Hold}
"""


def lookup(path, ctx):
    cur = ctx
    for part in path.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return ""
        cur = cur[part]
    return cur


def value(tok, ctx):
    tok = tok.strip()
    if tok.startswith("'") and tok.endswith("'"):
        return tok[1:-1].replace("''", "'")
    if tok in ("true", "false"):
        return tok == "true"
    return lookup(tok, ctx)


def truthy(v):
    return v not in ("", None, False, 0)


def evaluate(expr, ctx):
    """The subset of GitHub's expression language action.yml uses: &&, ==, !=, literals,
    context paths, always()/success()/failure()."""
    result = True
    for clause in expr.split("&&"):
        clause = clause.strip()
        if clause == "always()":
            v = True
        elif clause == "success()":
            v = not ctx["_failed"]
        elif clause == "failure()":
            v = ctx["_failed"]
        elif "==" in clause or "!=" in clause:
            op = "==" if "==" in clause else "!="
            a, b = clause.split(op, 1)
            eq = str(value(a, ctx)).lower() == str(value(b, ctx)).lower()  # GitHub compares strings case-insensitively
            v = eq if op == "==" else not eq
        else:
            v = truthy(value(clause, ctx))
        result = result and v
    return result


def substitute(text, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(value(m.group(1), ctx)), str(text))


def has_status_function(expr):
    return any(f in expr for f in ("always()", "success()", "failure()", "cancelled()"))


def run_action(action_dir, workspace, with_, event, env_extra):
    action = yaml.safe_load(open(os.path.join(action_dir, "action.yml")))
    temp = tempfile.mkdtemp(prefix="runner-temp-", dir=os.path.dirname(workspace))
    github = {"action_path": action_dir, "token": "ghs_fake", "workspace": workspace,
              "event_name": event["name"], "event": event["payload"]}
    ctx = {"github": github, "steps": {}, "_failed": False}
    inputs = {}
    for name, spec in action["inputs"].items():
        inputs[name] = substitute(spec.get("default", ""), ctx)
    inputs.update(with_)
    ctx["inputs"] = inputs
    path_extra, env_file_vars, log = [], {}, []
    for i, step in enumerate(action["runs"]["steps"]):
        cond = step.get("if", "success()")
        cond = re.sub(r"^\$\{\{(.*)\}\}$", r"\1", str(cond).strip())
        if not has_status_function(cond):
            cond = "success() && " + cond
        entry = {"name": step.get("name", f"step {i}"), "id": step.get("id")}
        if not evaluate(cond, ctx):
            entry["outcome"] = "skipped"
            log.append(entry)
            continue
        if "uses" in step:
            entry.update(uses=step["uses"], with_={k: substitute(v, ctx) for k, v in (step.get("with") or {}).items()},
                         outcome="success")
            log.append(entry)
            continue
        assert step.get("shell") == "bash", f"{entry['name']}: a composite step must name its shell"
        files = {n: os.path.join(temp, f"{n}_{i}") for n in ("output", "path", "env")}
        for f in files.values():
            open(f, "w").close()
        script = os.path.join(temp, f"step_{i}.sh")
        open(script, "w").write(step["run"])
        env = dict(os.environ, **env_extra, **env_file_vars)
        env.update({k: substitute(v, ctx) for k, v in (step.get("env") or {}).items()})
        env.update(GITHUB_OUTPUT=files["output"], GITHUB_PATH=files["path"], GITHUB_ENV=files["env"],
                   RUNNER_TEMP=temp, GITHUB_WORKSPACE=workspace, GITHUB_ACTION_PATH=action_dir,
                   GITHUB_EVENT_NAME=event["name"], CI="true", GITHUB_ACTIONS="true")
        env["PATH"] = os.pathsep.join(path_extra + [env_extra.get("PATH", os.environ["PATH"])])
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace, env=env,
                           capture_output=True, text=True)
        entry.update(rc=p.returncode, stdout=p.stdout, stderr=p.stderr,
                     outcome="success" if p.returncode == 0 else "failure")
        outputs = {}
        for line in open(files["output"]).read().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                outputs[k] = v
        if step.get("id"):
            ctx["steps"][step["id"]] = {"outputs": outputs, "outcome": entry["outcome"]}
        path_extra = [l for l in open(files["path"]).read().splitlines() if l] [::-1] + path_extra
        for line in open(files["env"]).read().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                env_file_vars[k] = v
        if p.returncode != 0:
            ctx["_failed"] = True
        log.append(entry)
    outputs = {k: substitute(v["value"], ctx) for k, v in (action.get("outputs") or {}).items()}
    return log, outputs, temp


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout.strip()


def main():
    src, binary = sys.argv[1], os.path.realpath(sys.argv[2])
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        # The action as checked out by `uses: ./` or owner/kueuegov@ref, its setup giving the binary under test.
        action_dir = os.path.join(tmp, "action")
        os.makedirs(os.path.join(action_dir, "scripts"))
        shutil.copy(os.path.join(src, "action.yml"), action_dir)
        setup = os.path.join(action_dir, "scripts", "setup")
        open(setup, "w").write(f'#!/bin/sh\nset -e\nmkdir -p "$(dirname "$0")/../build"\n'
                               f'ln -sf "{binary}" "$(dirname "$0")/../build/kueuegov"\necho built\n')
        os.chmod(setup, 0o755)
        # A fake gh: records its arguments and keeps the comment body.
        fakebin = os.path.join(tmp, "fakebin")
        os.makedirs(fakebin)
        gh = os.path.join(fakebin, "gh")
        open(gh, "w").write('#!/bin/sh\nprintf "%s\\n" "$*" >> "$KG_GH_LOG"\n'
                            'while [ $# -gt 0 ]; do [ "$1" = --body-file ] && cp "$2" "$KG_GH_BODY"; shift; done\n')
        os.chmod(gh, 0o755)
        # The repository: base commit (with a held LocalQueue: a KQ4002 warning), then a pull
        # request raising team-a's cpu quota 8 -> 12.
        repo = os.path.join(tmp, "repo")
        os.makedirs(os.path.join(repo, "queues"))
        git(repo, "init", "-q", "-b", "main")
        git(repo, "config", "user.email", "ci@example.org")
        git(repo, "config", "user.name", "ci")
        open(os.path.join(repo, "queues", "queues.yaml"), "w").write(QUEUES_BASE)
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", "base")
        base = git(repo, "rev-parse", "HEAD")
        open(os.path.join(repo, "queues", "queues.yaml"), "w").write(QUEUES_BASE.replace("nominalQuota: 8", "nominalQuota: 12"))
        git(repo, "commit", "-q", "-am", "raise team-a")

        event = {"name": "pull_request", "payload": {"pull_request": {"number": 42, "base": {"sha": base}}}}
        logs = {"KG_GH_LOG": os.path.join(tmp, "gh.log"), "KG_GH_BODY": os.path.join(tmp, "gh-body.md"),
                "PATH": fakebin + os.pathsep + os.environ["PATH"]}
        log, outputs, temp = run_action(action_dir, repo, {"paths": "queues/"}, event, logs)
        by_name = {e["name"]: e for e in log}
        for e in log:
            if e.get("outcome") == "failure":
                failures.append(f"step {e['name']!r} failed (rc {e['rc']}): {e['stderr'][-800:]}")

        sarif_path = outputs.get("sarif", "")
        check(sarif_path.startswith(temp) and os.path.isfile(sarif_path), f"outputs.sarif {sarif_path!r} is not a file in RUNNER_TEMP")
        run = {"results": []}
        try:
            sarif = json.load(open(sarif_path))
            check(sarif.get("version") == "2.1.0", "SARIF version is not 2.1.0")
            run = sarif["runs"][0]
            check(run["tool"]["driver"]["name"] == "kueuegov", "SARIF tool is not kueuegov")
            rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
            check(any(i.startswith("KQ") for i in rule_ids), "SARIF lists no KQ rules")
            uris = {l["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"] for l in r["locations"]}
            check(run["results"] and uris == {"queues/queues.yaml"},
                  f"SARIF results should point at queues/queues.yaml relative to the workspace, found {uris}")
            for r in run["results"]:
                check(r["ruleId"] in rule_ids, f"SARIF result of an unlisted rule {r['ruleId']}")
        except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
            failures.append(f"outputs.sarif is not a SARIF log of kueuegov: {type(e).__name__}: {e}")
            run = {"results": []}
        upload = by_name.get("Upload SARIF", {})
        check(upload.get("outcome") == "success" and upload.get("with_", {}).get("sarif_file") == sarif_path,
              f"upload-sarif should get the SARIF path, got {upload.get('with_')}")

        check(by_name.get("Comment the quota change", {}).get("outcome") == "success", "the diff comment step did not run")
        gh_log = open(logs["KG_GH_LOG"]).read() if os.path.exists(logs["KG_GH_LOG"]) else ""
        check(gh_log.startswith("pr comment 42 --body-file "), f"gh was called as {gh_log!r}")
        body = open(logs["KG_GH_BODY"]).read() if os.path.exists(logs["KG_GH_BODY"]) else ""
        check("team-a" in body and re.search(r"\b8\b.*\b12\b", body, re.S) is not None,
              "the comment does not show team-a's cpu quota going from 8 to 12:\n" + body)

        verdict = by_name.get("Findings as annotations, and the verdict", {})
        check(re.search(r"^::(warning|error|notice) file=queues/queues.yaml,line=\d+", verdict.get("stdout", ""), re.M),
              "no -o github annotation on queues/queues.yaml:\n" + verdict.get("stdout", ""))
        findings = [r.get("level") for r in run["results"]]
        check("error" not in findings and verdict.get("rc") == 0, "fail-on error should pass on a fixture without errors")

        # fail-on warning: the same findings fail the job; a push skips the comment.
        if "warning" in findings:
            push = {"name": "push", "payload": {}}
            log2, _, _ = run_action(action_dir, repo, {"paths": "queues/", "fail-on": "warning"}, push, logs)
            by2 = {e["name"]: e for e in log2}
            check(by2["Findings as annotations, and the verdict"].get("rc") == 1, "fail-on warning should fail the job")
            check(by2["Comment the quota change"]["outcome"] == "skipped", "a push event should not comment")
        else:
            failures.append(f"the fixture should give a warning, found {findings}")
        # An input with shell in it stays a path (inputs come through env, never inside `run`).
        log3, _, _ = run_action(action_dir, repo, {"paths": "queues/$(touch pwned)", "comment-diff": "false"}, event, logs)
        check(not os.path.exists(os.path.join(repo, "pwned")), "an input was run as shell")
        check({e["name"]: e for e in log3}["Lint"].get("rc") == 2, "a path that does not exist should fail lint with 2")

    print("\n".join("FAIL: " + f for f in failures) or "action.yml: SARIF, upload input, diff comment and verdict as the runner runs them")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
