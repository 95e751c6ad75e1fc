#!/usr/bin/env python3
"""Checks scripts/gen-audit-log on a log generated from the small generator replay:
every line is an audit.k8s.io/v1 Event with the fields of the real samples, the share of
kueue.x-k8s.io lines is near the target, the same seed gives the same bytes, and the
governance signals the script says it wrote (bypass Jobs, policy edits by owners and
outsiders, missing change tickets, queue-name label changes, deactivations) are exactly
those a reader finds in the log.

Usage: gen_audit_log_test.py KUEUEGOV_BINARY   (registered with ctest)
"""

import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "gen-audit-log")
GENERATOR = os.path.join(ROOT, "testdata", "sim", "golden", "replay-generator", "generator.yaml")
BINARY = None

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
MICRO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
KUEUE = "kueue.x-k8s.io"
# The policy example of ../shared/design/policy.md: who may change queue policy objects.
OWNER_USERS = {"alice@example.com"}
OWNER_GROUPS = {"platform-admins"}
OWNER_SAS = {"system:serviceaccount:argocd:argocd-application-controller"}
TICKET = "kueuegov.io/change-ticket"
POLICY_RESOURCES = {"clusterqueues", "cohorts", "resourceflavors"}


def run(args, **kw):
    return subprocess.run(args, check=False, capture_output=True, **kw)


class GenAuditLogTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.events = os.path.join(cls.tmp.name, "steps.jsonl")
        r = run([BINARY, "replay", "--generator", GENERATOR, "--events", cls.events])
        assert r.returncode == 0, r.stderr.decode()
        cls.log = os.path.join(cls.tmp.name, "audit.jsonl")
        cls.summary_path = os.path.join(cls.tmp.name, "summary.json")
        cls.export = os.path.join(cls.tmp.name, "events.json")
        r = run([SCRIPT, cls.events, "--seed", "11", "-o", cls.log, "--summary", cls.summary_path,
                 "--events-export", cls.export])
        assert r.returncode == 0, r.stderr.decode()
        with open(cls.summary_path) as f:
            cls.summary = json.load(f)
        with open(cls.log, "rb") as f:
            cls.raw = f.read()
        cls.lines = [json.loads(line) for line in cls.raw.decode().splitlines()]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_every_line_is_an_audit_event_with_the_fields_of_the_real_samples(self):
        seen = set()
        for n, e in enumerate(self.lines, 1):
            where = "line %d" % n
            self.assertEqual(e["kind"], "Event", where)
            self.assertEqual(e["apiVersion"], "audit.k8s.io/v1", where)
            self.assertIn(e["level"], ("Metadata", "Request", "RequestResponse"), where)
            self.assertRegex(e["auditID"], UUID, where)
            self.assertIn(e["stage"], ("RequestReceived", "ResponseComplete"), where)
            self.assertNotIn((e["auditID"], e["stage"]), seen, where)
            seen.add((e["auditID"], e["stage"]))
            self.assertTrue(e["requestURI"].startswith("/api"), where)
            self.assertIn(e["verb"], ("get", "list", "watch", "create", "update", "patch", "delete"), where)
            self.assertTrue(e["user"]["username"] and e["user"]["groups"], where)
            self.assertTrue(e["sourceIPs"] and e["userAgent"], where)
            ref = e["objectRef"]
            self.assertIn(ref["resource"], e["requestURI"], where)
            self.assertTrue(ref["apiVersion"], where)
            if ref.get("name") and e["verb"] not in ("create", "list", "watch"):
                self.assertIn("/" + ref["name"], e["requestURI"], where)
            if ref.get("namespace"):
                self.assertIn("/namespaces/%s/" % ref["namespace"], e["requestURI"], where)
            if ref.get("subresource"):
                self.assertIn("/" + ref["subresource"], e["requestURI"], where)
            self.assertRegex(e["requestReceivedTimestamp"], MICRO, where)
            self.assertRegex(e["stageTimestamp"], MICRO, where)
            self.assertLessEqual(e["requestReceivedTimestamp"], e["stageTimestamp"], where)
            if e["stage"] == "ResponseComplete":
                self.assertIn(e["responseStatus"]["code"], (200, 201, 403), where)
                self.assertEqual(e["responseStatus"]["metadata"], {}, where)
                self.assertIn(e["annotations"]["authorization.k8s.io/decision"], ("allow",), where)
                self.assertIn("authorization.k8s.io/reason", e["annotations"], where)
            else:
                for k in ("responseStatus", "requestObject", "responseObject", "annotations"):
                    self.assertNotIn(k, e, where)
            if e["level"] == "Metadata":
                self.assertNotIn("requestObject", e, where)
            if e["level"] != "RequestResponse":
                self.assertNotIn("responseObject", e, where)
        self.assertTrue(any(e["stage"] == "RequestReceived" for e in self.lines))

    def test_kueue_lines_have_the_shape_of_design_doc_5_4(self):
        kueue = [e for e in self.lines if e["objectRef"].get("apiGroup") == KUEUE and e["stage"] == "ResponseComplete"]
        self.assertTrue(kueue)
        for e in kueue:
            ref = e["objectRef"]
            self.assertEqual(ref["apiVersion"], "v1beta2")
            self.assertTrue(e["requestURI"].startswith("/apis/kueue.x-k8s.io/v1beta2/"))
            self.assertEqual(e["level"], "Metadata" if ref.get("subresource") and ref["resource"] != "workloads"
                             else "RequestResponse")
            if e["level"] == "RequestResponse" and e["verb"] != "delete":
                self.assertEqual(e["responseObject"]["metadata"]["name"], ref["name"])
        # Status patches by Kueue's identity, server-side apply.
        status = [e for e in kueue if e["objectRef"]["resource"] == "workloads" and e["objectRef"].get("subresource")]
        self.assertTrue(status)
        for e in status:
            self.assertEqual(e["user"]["username"], "system:serviceaccount:kueue-system:kueue-controller-manager")
            self.assertIn("force=true", e["requestURI"])
            self.assertTrue(e["userAgent"].startswith("kueue/v0."))
        reasons = {(c["type"], c["reason"]) for e in status for c in e["requestObject"]["status"]["conditions"]}
        for want in [("QuotaReserved", "QuotaReserved"), ("Admitted", "Admitted"), ("Evicted", "Preempted"),
                     ("Requeued", "Preempted"), ("Finished", "Succeeded"), ("Evicted", "Deactivated")]:
            self.assertIn(want, reasons)
        self.assertTrue({r for t, r in reasons if t == "Preempted"} &
                        {"InClusterQueue", "InCohortReclamation", "InCohortReclaimWhileBorrowing"})
        # Preemption messages name a preemptor Workload (UID) that this log created.
        created = {e["responseObject"]["metadata"]["uid"] for e in kueue
                   if e["verb"] == "create" and e["objectRef"]["resource"] == "workloads"}
        self.assertEqual(len(created), self.summary["workloads_created"])
        preempted = [c["message"] for e in status for c in e["requestObject"]["status"]["conditions"]
                     if c["type"] == "Preempted" and c["status"] == "True"]
        self.assertEqual(len(preempted), self.summary["evictions"])
        for m in preempted:
            uid = re.search(r"Preempted to accommodate a workload \(UID: ([^,]+), JobUID: [^)]+\) due to ", m).group(1)
            self.assertIn(uid, created)
        # Quota reservations carry the per-podset flavor assignment.
        admissions = [e["requestObject"]["status"]["admission"] for e in status if "admission" in e["requestObject"]["status"]]
        self.assertTrue(admissions)
        for a in admissions:
            self.assertTrue(a["clusterQueue"])
            for ps in a["podSetAssignments"]:
                self.assertEqual(set(ps["flavors"]), set(ps["resourceUsage"]))

    def test_kueue_fraction_is_near_the_target(self):
        kueue = sum(1 for e in self.lines if e["objectRef"].get("apiGroup") == KUEUE)
        self.assertEqual(kueue, self.summary["kueue_lines"])
        self.assertEqual(len(self.lines), self.summary["lines"])
        self.assertEqual(len(self.raw), self.summary["bytes"])
        self.assertAlmostEqual(kueue / len(self.lines), 0.05, delta=0.005)
        # The unrelated traffic is interleaved, so a log cut anywhere keeps the share.
        quarter = len(self.lines) // 4
        for part in range(4):
            chunk = self.lines[part * quarter:(part + 1) * quarter]
            share = sum(1 for e in chunk if e["objectRef"].get("apiGroup") == KUEUE) / len(chunk)
            self.assertAlmostEqual(share, 0.05, delta=0.01, msg="quarter %d" % part)

    def test_same_seed_same_bytes_other_seed_other_bytes(self):
        again = run([SCRIPT, self.events, "--seed", "11"]).stdout
        self.assertEqual(again, self.raw)
        other = run([SCRIPT, self.events, "--seed", "12"]).stdout
        self.assertNotEqual(other, self.raw)
        gz1 = run([SCRIPT, self.events, "--seed", "11", "--gzip"]).stdout
        gz2 = run([SCRIPT, self.events, "--seed", "11", "--gzip"]).stdout
        self.assertEqual(gz1, gz2)
        self.assertEqual(gzip.decompress(gz1), self.raw)

    def test_governance_signals_match_the_summary(self):
        lq_namespaces = {e["objectRef"]["namespace"] for e in self.lines
                         if e["objectRef"].get("resource") == "localqueues" and e["verb"] == "create"}
        self.assertTrue(lq_namespaces)
        bypass = edits_owner = edits_outsider = no_ticket = relabel = denied = deactivated = 0
        for e in self.lines:
            if e["stage"] != "ResponseComplete":
                continue
            ref, verb, user = e["objectRef"], e["verb"], e["user"]
            if ref["resource"] == "jobs" and verb == "create" and ref.get("namespace") in lq_namespaces:
                labels = e["requestObject"]["metadata"].get("labels", {})
                if "kueue.x-k8s.io/queue-name" not in labels:
                    bypass += 1
            if ref["resource"] == "jobs" and verb == "patch" and "kueue.x-k8s.io/queue-name" in \
                    e["requestObject"].get("metadata", {}).get("labels", {}):
                if e["responseStatus"]["code"] == 200:
                    relabel += 1
                else:
                    denied += 1
                    self.assertIn("field is immutable", e["responseStatus"]["message"])
            if ref["resource"] == "workloads" and verb == "patch" and not ref.get("subresource") and \
                    e["requestObject"].get("spec", {}).get("active") is False:
                deactivated += 1
            if ref.get("apiGroup") == KUEUE and ref["resource"] in POLICY_RESOURCES and \
                    verb in ("update", "patch") and not ref.get("subresource"):
                owner = user["username"] in OWNER_USERS or user["username"] in OWNER_SAS or \
                    OWNER_GROUPS & set(user["groups"])
                if owner:
                    edits_owner += 1
                else:
                    edits_outsider += 1
                if TICKET not in e["responseObject"]["metadata"].get("annotations", {}):
                    no_ticket += 1
        s = self.summary
        self.assertEqual(bypass, s["bypass"])
        self.assertGreater(bypass, 0)
        self.assertEqual(relabel, s["label_change"])
        self.assertEqual(denied, s["label_change_denied"])
        self.assertEqual(deactivated, s["deactivation"])
        self.assertEqual(edits_owner, s.get("edit_owner_ticket", 0) + s.get("edit_owner_noticket", 0))
        self.assertEqual(edits_outsider, s.get("edit_outsider_ticket", 0) + s.get("edit_outsider_noticket", 0))
        self.assertEqual(no_ticket, s.get("edit_owner_noticket", 0) + s.get("edit_outsider_noticket", 0))
        for n in (relabel, denied, deactivated, edits_owner, edits_outsider, no_ticket):
            self.assertGreater(n, 0)

    def test_events_export_is_a_kubectl_list_with_kueue_reasons(self):
        with open(self.export) as f:
            doc = json.load(f)
        self.assertEqual((doc["apiVersion"], doc["kind"]), ("v1", "List"))
        self.assertEqual(len(doc["items"]), self.summary["exported_events"])
        reasons = {i["reason"] for i in doc["items"]}
        for want in ("QuotaReserved", "Admitted", "Preempted", "CreatedWorkload", "FinishedWorkload"):
            self.assertIn(want, reasons)
        for i in doc["items"]:
            self.assertEqual(i["kind"], "Event")
            self.assertIn(i["involvedObject"]["kind"], ("Workload", "Job"))

    def test_size_repeats_the_trace_on_later_days_and_cuts_at_a_line(self):
        r = run([SCRIPT, self.events, "--seed", "5", "--kueue-fraction", "0.5", "--size", "6M"])
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        out = r.stdout
        self.assertGreaterEqual(len(out), 6 << 20)
        self.assertTrue(out.endswith(b"\n"))
        last = out[:-1].rsplit(b"\n", 1)[1]
        self.assertLess(len(out) - len(last) - 1, 6 << 20)
        jobs = [json.loads(line) for line in out.splitlines() if b'"resource":"jobs"' in line and b'"verb":"create"' in line]
        days = {e["stageTimestamp"][:10] for e in jobs}
        self.assertGreaterEqual(len(days), 2)
        self.assertTrue(any(e["objectRef"]["name"].endswith("-d1") for e in jobs))
        # 0.5 is beyond what this trace's own Job, pod and Event lines allow: said, not hidden.
        share = sum(1 for line in out.splitlines() if b'"apiGroup":"kueue.x-k8s.io"' in line) / len(out.splitlines())
        self.assertLess(share, 0.49)
        self.assertIn(b"warning: --kueue-fraction 0.5 asked, %.1f%% reached" % (100.0 * share), r.stderr)

    def test_a_reachable_share_gives_no_warning(self):
        r = run([SCRIPT, self.events, "--seed", "5", "--kueue-fraction", "0.2"])
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        self.assertNotIn(b"warning", r.stderr)

    def test_metadata_only_drops_kueue_bodies_and_nothing_else(self):
        r = run([SCRIPT, self.events, "--seed", "11", "--metadata-only"])
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        self.assertEqual(len(lines), len(self.lines))
        for e, full in zip(lines, self.lines):
            if e["objectRef"].get("apiGroup") == KUEUE:
                self.assertEqual(e["level"], "Metadata")
                self.assertNotIn("requestObject", e)
                self.assertNotIn("responseObject", e)
            else:
                self.assertEqual(e["level"], full["level"])

    def test_bad_input_names_file_and_line(self):
        bad = os.path.join(self.tmp.name, "bad.jsonl")
        with open(self.events) as f, open(bad, "w") as g:
            g.write(f.readline())
            g.write("{not json\n")
        r = run([SCRIPT, bad])
        self.assertEqual(r.returncode, 2)
        self.assertIn(bad + ":2: expected a JSON object", r.stderr.decode())
        r = run([SCRIPT, os.path.join(self.tmp.name, "missing.jsonl")])
        self.assertEqual(r.returncode, 2)
        self.assertIn("missing.jsonl", r.stderr.decode())


if __name__ == "__main__":
    BINARY = sys.argv.pop(1)
    unittest.main(verbosity=1)
