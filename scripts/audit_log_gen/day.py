"""One day of the replayed trace, and the governance signals mixed into it."""

import json
import re

from .common import (
    Clock,
    Ids,
    JSON_SEP,
    KCM_UA,
    KUBECTL_UA,
    KUEUE_UA,
    META,
    QUEUE_LABEL,
    RR,
    TTL_SECONDS,
    die,
)


class DayTrace:
    # -------------------------------------------------------------- one day of the trace
    def day(self, d, shift):
        rng = self.rng
        created = [s for s in self.steps if s["type"] == "created"]
        finals = {}
        for s in self.steps:
            if s["type"] == "finished":
                finals[(s["namespace"], s["name"])] = s
        admitted_first = {}
        for s in self.steps:
            if s["type"] == "admitted":
                admitted_first.setdefault((s["namespace"], s["name"]), s)
        keys = [(s["namespace"], s["name"]) for s in created]
        n = len(keys)
        pick = lambda pool, rate: set(rng.sample(pool, min(len(pool), max(1, round(len(pool) * rate))))) if pool else set()
        relabel = pick(keys, 0.005)
        deactivate = pick([k for k in keys if k in finals and k not in relabel], 0.004)
        denied = pick([k for k in keys if k in admitted_first and k in finals and
                       finals[k]["ms"] - admitted_first[k]["ms"] >= 20 and k not in deactivate], 0.004)
        start = self.header["start_us"] + shift
        suffix = "" if d == 0 else "-d%d" % d
        end_us = max([s["ms"] for s in self.steps] + [0]) * 1000
        # Policy edits (in time order, so each object's generations increase), spread over the
        # day's activity; the first day has each kind of editor. Then the bypass Jobs.
        nedits = max(3, min(12, len(self.steps) // 400))
        forced = [("argocd", True), ("outsider", False), ("owner", False)] if d == 0 else []
        times = sorted(start + rng.randrange(0, end_us + 60_000_000) for _ in range(nedits))
        order = list(range(nedits))
        rng.shuffle(order)
        for e, t in zip(order, times):
            self.policy_edit(t, forced[e] if e < len(forced) else None)
        for _ in range(max(1, round(n * 0.02)) if self.namespaces_with_lq else 0):
            self.bypass_job(start + rng.randrange(0, end_us + 30_000_000), rng.choice(self.namespaces_with_lq))
        states = {}
        for s in self.steps:
            t = start + s["ms"] * 1000
            self.flush(t - 3_000_000)  # a relabelled Job is created 2 s before its workload arrives
            key = (s["namespace"], s["name"])
            kind = s["type"]
            if kind == "created":
                w = {"ns": s["namespace"], "job": s["name"] + suffix, "lq": s["localQueue"], "queue": s["localQueue"],
                     "podsets": s["podSets"], "job_uid": self.uuid(), "wl_uid": self.uuid(), "gen": 1, "active": True,
                     "conds": {}, "admission": None, "finalizers": ["kueue.x-k8s.io/resource-in-use"],
                     "user": Ids.team_user(s["namespace"], rng.randrange(3)), "node_labels": {}, "queued_at": t}
                if "priority" in s:
                    w["priority"] = s["priority"]
                w["wl"] = "job-%s-%05x" % (w["job"], rng.getrandbits(20))
                states[key] = w
                if key in relabel:
                    self.relabelled_job(t, w)
                else:
                    self.create_job(t - 15_000, w)
                    self.create_workload(t, w)
                continue
            w = states.get(key)
            if w is None:
                die("the events file has a %s step for %s/%s before its created step" % (kind, key[0], key[1]))
            if kind == "pending":
                c = self.cond(w, t, "QuotaReserved", "False", s["reason"], s["message"])
                self.status_patch(t + 2_000, w, [c])
                self.core_event(t + 2_500, w["ns"], self.wl_involved(w), s["reason"], s["message"], "Warning")
            elif kind == "quota_reserved":
                w["admission"] = {"clusterQueue": s["clusterQueue"],
                                  "podSetAssignments": [dict(p) for p in s["podSetAssignments"]]}
                w["cq"] = s["clusterQueue"]
                w["node_labels"] = {}
                for p in s["podSetAssignments"]:
                    for fl in p.get("flavors", {}).values():
                        w["node_labels"].update(self.flavor_labels(fl))
                conds = [self.cond(w, t, "QuotaReserved", "True", "QuotaReserved",
                                   "Quota reserved in ClusterQueue " + s["clusterQueue"])]
                for ctype in ("Evicted", "Preempted", "Requeued"):
                    if ctype in w["conds"] and w["conds"][ctype]["status"] == "True":
                        old = w["conds"][ctype]["message"]
                        conds.append(self.cond(w, t, ctype, "False", "QuotaReserved", "Previously: " + old))
                w["reserved_at"] = t
                if s.get("_with_admit"):
                    w["pending_admit"] = conds  # one patch with Admitted, as Kueue's scheduler applies it
                else:
                    self.status_patch(t + 2_000, w, conds, w["admission"])
                self.core_event(t + 2_500, w["ns"], self.wl_involved(w), "QuotaReserved",
                                "Quota reserved in ClusterQueue %s, wait time since queued was %ds"
                                % (s["clusterQueue"], (t - w["queued_at"]) // 1_000_000))
                self.cq_status(t + 5_000, s["clusterQueue"])
            elif kind == "admitted":
                conds = w.pop("pending_admit", [])
                conds.append(self.cond(w, t, "Admitted", "True", "Admitted", "The workload is admitted"))
                self.status_patch(t + 2_000, w, conds, w["admission"])
                self.core_event(t + 2_600, w["ns"], self.wl_involved(w), "Admitted",
                                "Admitted by ClusterQueue %s, wait time since reservation was %ds"
                                % (s["clusterQueue"], (t - w.get("reserved_at", t)) // 1_000_000))
                self.job_suspend(t + 4_000, w, False)
                self.core_event(t + 4_500, w["ns"], self.job_involved(w), "Started",
                                "Admitted by clusterQueue " + s["clusterQueue"], component="batch/job-kueue-controller")
                self.pods(t + 9_000, w, "create")
                if key in denied and not w.get("denied_done"):
                    w["denied_done"] = True
                    self.denied_relabel(t + 10_000, w)
            elif kind == "evicted":
                msg = self.preemption_message(s, states)
                w["evict_msg"] = msg
                conds = [self.cond(w, t, "Evicted", "True", "Preempted", msg),
                         self.cond(w, t, "Preempted", "True", s["preemptionReason"], msg)]
                self.status_patch(t + 2_000, w, conds, w["admission"], tag="evictions")
                self.core_event(t + 2_500, w["ns"], self.wl_involved(w), "Preempted", msg)
                self.core_event(t + 2_700, w["ns"], self.wl_involved(w), "EvictedDueToPreempted", msg)
                self.job_suspend(t + 4_000, w, True)
                self.core_event(t + 4_500, w["ns"], self.job_involved(w), "Stopped", msg,
                                component="batch/job-kueue-controller")
                self.pods(t + 5_000, w, "delete")
            elif kind == "requeued":
                msg = w.get("evict_msg", s["message"])
                w["admission"] = None
                conds = [self.cond(w, t, "QuotaReserved", "False", "Pending", msg),
                         self.cond(w, t, "Admitted", "False", "NoReservation", "The workload has no reservation"),
                         self.cond(w, t, "Requeued", "True", s["reason"], msg)]
                w["queued_at"] = t
                self.status_patch(t + 8_000, w, conds, manager="kueue-job-controller-Requeued")
                self.cq_status(t + 9_000, w.get("cq"))
            elif kind == "finished":
                if key in deactivate:
                    self.deactivate(t, w)
                    continue
                self.audit(t, "update", "/apis/batch/v1/namespaces/%s/jobs/%s/status" % (w["ns"], w["job"]),
                           self.ids.job_ctrl, KCM_UA + "/system:serviceaccount:kube-system:job-controller",
                           self.kref("jobs", w["job"], w["ns"], w["job_uid"], self.next_rv(), "status", "batch", "v1"),
                           200, META, reason=self.ids.ctrl(self.ids.job_ctrl))
                c = self.cond(w, t, "Finished", "True", "Succeeded", "Reached expected number of succeeded pods")
                self.status_patch(t + 3_000, w, [c], manager="kueue-job-controller-Finished", tag="workloads_finished")
                self.core_event(t + 3_500, w["ns"], self.job_involved(w), "FinishedWorkload",
                                "Workload '%s/%s' is declared finished" % (w["ns"], w["wl"]),
                                component="batch/job-kueue-controller")
                self.cq_status(t + 5_000, w.get("cq"))
                self.defer(t + TTL_SECONDS * 1_000_000, lambda t=t, w=w: self.finalize(t + TTL_SECONDS * 1_000_000, w))
        self.flush(float("inf"))
        return start

    def flavor_labels(self, flavor):
        body = self.objects.get("ResourceFlavor//" + flavor)
        return dict(body["spec"].get("nodeLabels", {})) if body else {}

    def preemption_message(self, s, states):
        """Kueue's message with this log's UIDs of the preemptor (the replay's are its own)."""
        ns, _, name = s["preemptor"].partition("/")
        p = states.get((ns, name))
        msg = s["message"]
        if p:
            msg = re.sub(r"\(UID: [^,)]*, JobUID: [^)]*\)", "(UID: %s, JobUID: %s)" % (p["wl_uid"], p["job_uid"]), msg)
        return msg

    def create_workload(self, t, w):
        w["created"] = Clock.seconds(t)
        w["rv"] = self.next_rv()
        body = self.wl_body(w)
        req = json.loads(json.dumps(body))
        for k in ("uid", "resourceVersion", "generation", "creationTimestamp"):
            del req["metadata"][k]
        req["status"] = {}
        self.audit(t, "create", self.kuri("workloads", ns=w["ns"]), self.ids.kueue, KUEUE_UA,
                   self.kref("workloads", w["wl"], w["ns"]), 201, RR, req, body, self.ids.kueue_reason,
                   {"mutation.webhook.admission.k8s.io/round_0_index_5": json.dumps(
                       {"configuration": "kueue-mutating-webhook-configuration", "webhook": "mworkload.kb.io",
                        "mutated": False}, separators=JSON_SEP)}, tag="workloads_created")
        self.core_event(t + 1_000, w["ns"], self.job_involved(w), "CreatedWorkload",
                        "Created Workload: %s/%s" % (w["ns"], w["wl"]), component="batch/job-kueue-controller")

    def relabelled_job(self, t, w):
        """The Job is created with another team's queue name (no such LocalQueue here); the user
        fixes the label while it is suspended and Kueue moves the Workload to the right queue."""
        others = [lq for ns, lq in self.lq_by_ns.items() if ns != w["ns"] and lq != w["lq"]]
        wrong = others[self.rng.randrange(len(others))] if others else w["lq"] + "-old"
        t0 = t - 2_000_000
        w["queue"] = wrong
        self.create_job(t0, w, queue=wrong)
        self.create_workload(t0 + 15_000, w)
        c = self.cond(w, t0 + 15_000, "QuotaReserved", "False", "Inadmissible", "LocalQueue %s doesn't exist" % wrong)
        self.status_patch(t0 + 30_000, w, [c])
        user, reason = w["user"]
        w["job_rv"] = self.next_rv()
        body = self.job_body(w)
        body["metadata"].update(uid=w["job_uid"], resourceVersion=w["job_rv"], generation=1)
        self.audit(t - 10_000, "patch", "/apis/batch/v1/namespaces/%s/jobs/%s?fieldManager=kubectl-label" % (w["ns"], w["job"]),
                   user, KUBECTL_UA, self.kref("jobs", w["job"], w["ns"], w["job_uid"], w["job_rv"], group="batch",
                                               version="v1"),
                   200, RR, {"metadata": {"labels": {QUEUE_LABEL: w["lq"]}}}, body, reason, tag="label_change")
        w["queue"] = w["lq"]
        w["queued_at"] = t
        w["rv"] = self.next_rv()
        wb = self.wl_body(w)
        self.audit(t, "update", self.kuri("workloads", w["wl"], w["ns"]), self.ids.kueue, KUEUE_UA,
                   self.kref("workloads", w["wl"], w["ns"], w["wl_uid"], w["rv"]), 200, RR, wb, wb, self.ids.kueue_reason)

    def denied_relabel(self, t, w):
        """A user tries to move a running Job to another queue; Kueue's webhook refuses."""
        user, reason = w["user"]
        others = [lq for lq in self.lq_by_ns.values() if lq != w["lq"]] or [w["lq"] + "-b"]
        target = others[self.rng.randrange(len(others))]
        msg = ('admission webhook "vjob.kb.io" denied the request: metadata.labels[%s]: Invalid value: "%s": '
               "field is immutable" % (QUEUE_LABEL, target))
        self.audit(t, "patch", "/apis/batch/v1/namespaces/%s/jobs/%s?fieldManager=kubectl-label" % (w["ns"], w["job"]),
                   user, KUBECTL_UA, self.kref("jobs", w["job"], w["ns"], group="batch", version="v1"), 403, RR,
                   {"metadata": {"labels": {QUEUE_LABEL: target}}},
                   {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": msg,
                    "reason": "Forbidden", "code": 403}, reason,
                   tag="label_change_denied", status={"status": "Failure", "message": msg, "reason": "Forbidden"})

    def deactivate(self, t, w):
        """Just before it would finish, a team member deactivates the Workload (spec.active=false);
        Kueue evicts it, suspends the Job and releases the quota; later the user deletes the Job."""
        user, reason = w["user"]
        w["active"] = False
        w["gen"] += 1
        w["rv"] = self.next_rv()
        self.audit(t - 1_000, "patch", self.kuri("workloads", w["wl"], w["ns"], query="?fieldManager=kubectl-patch"),
                   user, KUBECTL_UA, self.kref("workloads", w["wl"], w["ns"], w["wl_uid"], w["rv"]), 200, RR,
                   {"spec": {"active": False}}, self.wl_body(w), reason, tag="deactivation")
        msg = "The workload is deactivated"
        self.status_patch(t + 2_000, w, [self.cond(w, t, "Evicted", "True", "Deactivated", msg)], w["admission"])
        self.core_event(t + 2_500, w["ns"], self.wl_involved(w), "EvictedDueToDeactivated", msg)
        self.job_suspend(t + 4_000, w, True)
        self.pods(t + 5_000, w, "delete")
        w["admission"] = None
        conds = [self.cond(w, t, "QuotaReserved", "False", "Pending", msg),
                 self.cond(w, t, "Admitted", "False", "NoReservation", "The workload has no reservation"),
                 self.cond(w, t, "Requeued", "False", "Deactivated", msg)]
        self.status_patch(t + 8_000, w, conds, manager="kueue-job-controller-Requeued")
        self.cq_status(t + 9_000, w.get("cq"))
        self.defer(t + 120_000_000, lambda: self.finalize(t + 120_000_000, w, job_deleter=w["user"]))

    def bypass_job(self, t, ns):
        """A Job without the queue-name label in a namespace that has a LocalQueue: Kueue does not
        manage it (manageJobsWithoutQueueName=false), so it runs at once, outside any quota."""
        name = "adhoc-%s" % self.uuid()[:8]
        w = {"ns": ns, "job": name, "job_uid": self.uuid(), "podsets": [{"count": 1, "requests": {"cpu": "4"}}],
             "user": Ids.team_user(ns, self.rng.randrange(3))}
        self.create_job(t, w, labelled=False, tag="bypass")
        self.pods(t + 8_000, w, "create")
        end = t + self.rng.randrange(30, 600) * 1_000_000
        self.audit(end, "update", "/apis/batch/v1/namespaces/%s/jobs/%s/status" % (ns, name), self.ids.job_ctrl,
                   KCM_UA + "/system:serviceaccount:kube-system:job-controller",
                   self.kref("jobs", name, ns, w["job_uid"], self.next_rv(), "status", "batch", "v1"), 200, META,
                   reason=self.ids.ctrl(self.ids.job_ctrl))

    def tally(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n
