#!/usr/bin/env python3
"""`lint -o junit` read as a JUnit consumer reads it (xml.etree): one <testsuite> per input
file, one <testcase> per object, a <failure> only for findings at or above --fail-on (the
others in <system-out>), counts that add up, and a numeric time. Run over every fixture folder
of testdata/lint/rules and the lint goldens' inputs, under each --fail-on.

Usage: junit_format_test.py KUEUEGOV SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SEV = {"error": 0, "warning": 1, "info": 2}


def main(binary, src):
    failures = []
    checks = 0
    inputs = [os.path.join(src, "testdata/lint/rules", d) for d in sorted(os.listdir(os.path.join(src, "testdata/lint/rules")))]
    inputs += [os.path.join(src, "testdata/lint/golden/mixed-junit/queues.yaml"),
               os.path.join(src, "testdata/lint/golden/junit-files/inputs"),
               os.path.join(src, "testdata/examples")]
    for path in inputs:
        # The findings and object count as JSON gives them, to hold the XML against.
        js = json.loads(subprocess.run([binary, "lint", "-f", path, "-o", "json", "--fail-on", "never"],
                                       capture_output=True, text=True).stdout)
        for fail_on in ("error", "warning", "info", "never"):
            r = subprocess.run([binary, "lint", "-f", path, "-o", "junit", "--fail-on", fail_on],
                               capture_output=True, text=True)
            where = "%s --fail-on %s" % (os.path.relpath(path, src), fail_on)

            def check(cond, what):
                nonlocal checks
                checks += 1
                if not cond:
                    failures.append("%s: %s" % (where, what))

            try:
                root = ET.fromstring(r.stdout)
            except ET.ParseError as e:
                check(False, "not well-formed XML: %s" % e)
                continue
            check(root.tag == "testsuites", "root is <%s>" % root.tag)
            check(float(root.get("time", "x").replace("x", "nan")) >= 0, "testsuites time is not a number")
            suites = root.findall("testsuite")
            names = [s.get("name") for s in suites]
            check(len(names) == len(set(names)), "a file has two suites")
            total_tests = total_fail = 0
            failed_findings = 0
            noted_findings = 0
            for s in suites:
                cases = s.findall("testcase")
                fails = [c for c in cases if c.find("failure") is not None]
                check(int(s.get("tests")) == len(cases), "suite %s tests=%s, %d cases" % (s.get("name"), s.get("tests"), len(cases)))
                check(int(s.get("failures")) == len(fails), "suite %s failures=%s, %d failing" % (s.get("name"), s.get("failures"), len(fails)))
                total_tests += len(cases)
                total_fail += len(fails)
                for c in cases:
                    for f in c.findall("failure"):
                        failed_findings += 1
                        check(fail_on != "never" and SEV[f.get("type")] <= SEV[fail_on],
                              "failure of severity %s under --fail-on %s" % (f.get("type"), fail_on))
                    out = c.find("system-out")
                    if out is not None:
                        noted_findings += sum(1 for line in out.text.splitlines() if ": [KQ" in line)
            check(int(root.get("tests")) == total_tests, "testsuites tests=%s, %d cases" % (root.get("tests"), total_tests))
            check(int(root.get("failures")) == total_fail, "testsuites failures=%s, %d failing" % (root.get("failures"), total_fail))
            # Every finding appears once, as a failure or a note; every object has its case.
            check(failed_findings + noted_findings == len(js["findings"]),
                  "%d failures + %d notes for %d findings" % (failed_findings, noted_findings, len(js["findings"])))
            want_fail = sum(1 for f in js["findings"] if fail_on != "never" and SEV[f["severity"]] <= SEV[fail_on])
            check(failed_findings == want_fail, "%d failures, %d findings at or above" % (failed_findings, want_fail))
            check(total_tests >= js["summary"]["objects"], "%d cases for %d objects" % (total_tests, js["summary"]["objects"]))
    for f in failures:
        print("FAIL:", f)
    print("%d passed, %d failed" % (checks - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
