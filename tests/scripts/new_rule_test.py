#!/usr/bin/env python3
"""scripts/new-rule in a scratch copy of the files it edits: the code file states the family
and scope in its RuleInfo, the registry, declarations and CMake list gain the rule in id
order, and bad ids, families or scopes are refused without writing anything.

Usage: new_rule_test.py SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile


def main(src):
    failures = []
    checks = [0]

    def check(cond, what):
        checks[0] += 1
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        for rel in ("scripts/new-rule", "lint/registry.cpp", "lint/rules/rules.h", "lint/CMakeLists.txt"):
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            shutil.copy(os.path.join(src, rel), os.path.join(tmp, rel))
        for fam in ("validation", "references", "governance", "quota"):
            os.makedirs(os.path.join(tmp, "lint", "rules", fam))
        os.makedirs(os.path.join(tmp, "testdata", "lint", "rules"))
        script = os.path.join(tmp, "scripts", "new-rule")

        def run(*args):
            return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)

        r = run("KQ3999", "test-scaffold-rule", "governance")
        check(r.returncode == 0, "new-rule KQ3999 failed: " + r.stderr)
        code = open(os.path.join(tmp, "lint/rules/governance/kq3999_test_scaffold_rule.cpp")).read()
        check("RuleFamily::governance, RuleScope::applied, Severity::warning" in code,
              "governance rule without family/scope in its RuleInfo:\n" + code)
        reg = open(os.path.join(tmp, "lint/registry.cpp")).read()
        check("{&rules::k_kq3999, rules::check_kq3999}," in reg, "registry entry missing")
        check(reg.index("k_kq3009,") < reg.index("k_kq3999,") < reg.index("k_kq4001,"), "registry not in id order")
        check("rules/governance/kq3999_test_scaffold_rule.cpp" in open(os.path.join(tmp, "lint/CMakeLists.txt")).read(),
              "CMake source missing")
        check("extern const RuleInfo k_kq3999;" in open(os.path.join(tmp, "lint/rules/rules.h")).read(),
              "declaration missing")
        for f in ("fires.yaml", "passes.yaml", "passes-real.yaml"):
            check(os.path.exists(os.path.join(tmp, "testdata/lint/rules/KQ3999-test-scaffold-rule", f)), f + " missing")

        r = run("KQ1999", "test-validation-rule", "validation")
        check(r.returncode == 0, "new-rule KQ1999 failed: " + r.stderr)
        code = open(os.path.join(tmp, "lint/rules/validation/kq1999_test_validation_rule.cpp")).read()
        check("RuleFamily::validation, RuleScope::definition," in code, "validation rule not of scope definition")

        r = run("KQ4998", "test-own-fields", "quota", "definition")
        check(r.returncode == 0, "new-rule with a scope failed: " + r.stderr)
        code = open(os.path.join(tmp, "lint/rules/quota/kq4998_test_own_fields.cpp")).read()
        check("RuleFamily::quota, RuleScope::definition," in code, "explicit scope not written")

        before = open(os.path.join(tmp, "lint/registry.cpp")).read()
        for bad in (("KQ1998", "x-rule", "validation", "applied"), ("KQ2998", "x-rule", "references", "history"),
                    ("KQ2998", "x-rule", "quota"), ("KQ2998", "x-rule", "history"), ("KQ3999", "again", "governance")):
            r = run(*bad)
            check(r.returncode == 2 and r.stderr, "accepted %s" % (bad,))
        check(open(os.path.join(tmp, "lint/registry.cpp")).read() == before, "a refused call changed the registry")

    for f in failures:
        print("FAIL:", f)
    print("%d passed, %d failed" % (checks[0] - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
