"""The requests one workload causes: its Job, Workload, status patches, pods and deletes."""

import json

from .common import (
    Clock,
    JSON_SEP,
    KCM_UA,
    KUBECTL_UA,
    KUEUE_API,
    KUEUE_UA,
    META,
    QUEUE_LABEL,
    REQ,
    RR,
    TTL_SECONDS,
)


class WorkloadSteps:
    # -------------------------------------------------------------- workloads
    def core_event(self, t, ns, involved, reason, message, etype="Normal", component="kueue-admission"):
        """Kueue records a core/v1 Event (logged at Metadata level)."""
        name = "%s.%x" % (involved["name"], t * 1000 + self.rng.randrange(1 << 20))
        ev = {"apiVersion": "v1", "kind": "Event",
              "metadata": {"name": name, "namespace": ns, "uid": self.uuid(), "resourceVersion": self.next_rv(),
                           "creationTimestamp": Clock.seconds(t)},
              "involvedObject": involved, "reason": reason, "message": message, "type": etype,
              "source": {"component": component}, "reportingComponent": component, "reportingInstance": "",
              "firstTimestamp": Clock.seconds(t), "lastTimestamp": Clock.seconds(t), "count": 1, "eventTime": None}
        self.audit(t, "create", "/api/v1/namespaces/%s/events" % ns, self.ids.kueue, KUEUE_UA,
                   {"resource": "events", "namespace": ns, "name": name, "apiVersion": "v1"}, 201, META,
                   reason=self.ids.kueue_reason, event=ev)

    def wl_involved(self, w):
        return {"kind": "Workload", "namespace": w["ns"], "name": w["wl"], "uid": w["wl_uid"], "apiVersion": KUEUE_API,
                "resourceVersion": w["rv"]}

    def job_involved(self, w):
        return {"kind": "Job", "namespace": w["ns"], "name": w["job"], "uid": w["job_uid"], "apiVersion": "batch/v1",
                "resourceVersion": w["job_rv"]}

    def job_body(self, w, labelled=True, queue=None):
        containers = [{"name": "main", "image": "registry.example.com/ml/train:1.4.2",
                       "command": ["python", "-m", "train", "--epochs", "3"],
                       "resources": {"requests": w["podsets"][0].get("requests", {})}}]
        count = w["podsets"][0].get("count", 1)
        meta = {"name": w["job"], "namespace": w["ns"]}
        if labelled:
            labels = {QUEUE_LABEL: queue or w["lq"]}
            if "priority" in w:
                labels["kueue.x-k8s.io/priority-class"] = "priority-%d" % w["priority"]
            meta["labels"] = labels
        return {"apiVersion": "batch/v1", "kind": "Job", "metadata": meta,
                "spec": {"parallelism": count, "completions": count, "backoffLimit": 6,
                         "ttlSecondsAfterFinished": TTL_SECONDS,
                         "template": {"spec": {"restartPolicy": "Never", "containers": containers}}}}

    def create_job(self, t, w, labelled=True, queue=None, tag=None):
        req = self.job_body(w, labelled, queue)
        resp = json.loads(json.dumps(req))
        w["job_rv"] = self.next_rv()
        resp["metadata"].update(uid=w["job_uid"], resourceVersion=w["job_rv"], generation=1,
                                creationTimestamp=Clock.seconds(t))
        resp["spec"]["suspend"] = labelled
        resp["spec"]["template"]["metadata"] = {"labels": {"batch.kubernetes.io/controller-uid": w["job_uid"],
                                                           "batch.kubernetes.io/job-name": w["job"]}}
        resp["status"] = {}
        user, reason = w["user"]
        ann = {"mutation.webhook.admission.k8s.io/round_0_index_2": json.dumps(
            {"configuration": "kueue-mutating-webhook-configuration", "webhook": "mjob.kb.io", "mutated": labelled},
            separators=JSON_SEP)}
        if labelled:
            ann["patch.webhook.admission.k8s.io/round_0_index_2"] = json.dumps(
                {"configuration": "kueue-mutating-webhook-configuration", "webhook": "mjob.kb.io",
                 "patch": [{"op": "add", "path": "/spec/suspend", "value": True}], "patchType": "JSONPatch"},
                separators=JSON_SEP)
        self.audit(t, "create", "/apis/batch/v1/namespaces/%s/jobs?fieldManager=kubectl-create&fieldValidation=Strict" % w["ns"],
                   user, KUBECTL_UA, self.kref("jobs", w["job"], w["ns"], group="batch", version="v1"), 201, RR, req,
                   resp, reason, ann, tag=tag)

    def wl_body(self, w):
        meta = {"name": w["wl"], "namespace": w["ns"], "uid": w["wl_uid"], "resourceVersion": w["rv"],
                "generation": w["gen"], "creationTimestamp": w["created"],
                "labels": {"kueue.x-k8s.io/job-uid": w["job_uid"]},
                "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": w["job"], "uid": w["job_uid"],
                                     "controller": True, "blockOwnerDeletion": True}],
                "finalizers": w["finalizers"]}
        if w.get("deleted"):
            meta["deletionTimestamp"] = w["deleted"]
            meta["deletionGracePeriodSeconds"] = 0
        pod_sets = [{"name": ps.get("name", "main"), "count": ps.get("count", 1),
                     "template": {"spec": {"restartPolicy": "Never", "containers": [
                         {"name": "main", "image": "registry.example.com/ml/train:1.4.2",
                          "resources": {"requests": ps.get("requests", {})}}]}}} for ps in w["podsets"]]
        spec = {"active": w["active"], "queueName": w["queue"], "podSets": pod_sets}
        if "priority" in w:
            spec["priority"] = w["priority"]
            spec["priorityClassName"] = "priority-%d" % w["priority"]
            spec["priorityClassSource"] = "kueue.x-k8s.io/workloadpriorityclass"
        status = {}
        if w["admission"]:
            status["admission"] = w["admission"]
        if w["conds"]:
            status["conditions"] = list(w["conds"].values())
        return {"apiVersion": KUEUE_API, "kind": "Workload", "metadata": meta, "spec": spec, "status": status}

    def cond(self, w, t, ctype, status, reason, message):
        c = {"type": ctype, "status": status, "reason": reason, "message": message,
             "lastTransitionTime": Clock.seconds(t), "observedGeneration": w["gen"]}
        w["conds"][ctype] = c
        return c

    def status_patch(self, t, w, conds, admission=None, manager="kueue-admission", tag=None):
        """Kueue's server-side apply of Workload status."""
        w["rv"] = self.next_rv()
        status = {}
        if admission:
            status["admission"] = admission
        status["conditions"] = conds
        req = {"apiVersion": KUEUE_API, "kind": "Workload", "metadata": {"name": w["wl"], "namespace": w["ns"]},
               "status": status}
        self.audit(t, "patch", self.kuri("workloads", w["wl"], w["ns"], "status", "?fieldManager=%s&force=true" % manager),
                   self.ids.kueue, KUEUE_UA, self.kref("workloads", w["wl"], w["ns"], w["wl_uid"], w["rv"], "status"),
                   200, RR, req, self.wl_body(w), self.ids.kueue_reason, tag=tag)

    def job_suspend(self, t, w, suspend):
        """Kueue flips spec.suspend on the Job (merge patch), injecting the flavor's node labels."""
        w["job_rv"] = self.next_rv()
        patch = {"spec": {"suspend": suspend}}
        if not suspend and w["node_labels"]:
            patch["spec"]["template"] = {"spec": {"nodeSelector": w["node_labels"]}}
        job = self.job_body(w)
        job["metadata"].update(uid=w["job_uid"], resourceVersion=w["job_rv"], generation=w.setdefault("job_gen", 1) + 1,
                               creationTimestamp=w["created"])
        w["job_gen"] += 1
        job["spec"]["suspend"] = suspend
        if w["node_labels"]:
            job["spec"]["template"]["spec"]["nodeSelector"] = w["node_labels"]
        job["status"] = {"active": 0} if suspend else {"startTime": Clock.seconds(t)}
        self.audit(t, "patch", "/apis/batch/v1/namespaces/%s/jobs/%s" % (w["ns"], w["job"]), self.ids.kueue, KUEUE_UA,
                   self.kref("jobs", w["job"], w["ns"], w["job_uid"], w["job_rv"], group="batch", version="v1"),
                   200, RR, patch, job, self.ids.kueue_reason)

    def pods(self, t, w, verb):
        count = min(3, max(1, w["podsets"][0].get("count", 1)))
        for i in range(count):
            name = "%s-%s" % (w["job"], w.setdefault("pod_suffix", [self.uuid()[:5] for _ in range(3)])[i])
            uri = "/api/v1/namespaces/%s/pods" % w["ns"] + ("/" + name if verb == "delete" else "")
            self.audit(t + i * 900, verb, uri, self.ids.job_ctrl, KCM_UA + "/system:serviceaccount:kube-system:job-controller",
                       {"resource": "pods", "namespace": w["ns"], "name": name, "apiVersion": "v1"},
                       201 if verb == "create" else 200, META, reason=self.ids.ctrl(self.ids.job_ctrl))

    def finalize(self, t, w, job_deleter=None):
        """Job deleted (TTL controller or its owner); the garbage collector deletes the Workload, whose
        resource-in-use finalizer Kueue then removes."""
        user, reason = job_deleter or (self.ids.ttl_ctrl, self.ids.ctrl(self.ids.ttl_ctrl))
        ua = KUBECTL_UA if job_deleter else KCM_UA + "/system:serviceaccount:kube-system:ttl-after-finished-controller"
        self.audit(t, "delete", "/apis/batch/v1/namespaces/%s/jobs/%s" % (w["ns"], w["job"]), user, ua,
                   self.kref("jobs", w["job"], w["ns"], w["job_uid"], group="batch", version="v1"), 200, REQ,
                   {"kind": "DeleteOptions", "apiVersion": "batch/v1", "propagationPolicy": "Background"}, None, reason)
        t += 45_000
        w["deleted"] = Clock.seconds(t)
        w["rv"] = self.next_rv()
        self.audit(t, "delete", self.kuri("workloads", w["wl"], w["ns"]), self.ids.gc,
                   KCM_UA + "/system:serviceaccount:kube-system:generic-garbage-collector",
                   self.kref("workloads", w["wl"], w["ns"], w["wl_uid"]), 200, RR,
                   {"kind": "DeleteOptions", "apiVersion": KUEUE_API, "propagationPolicy": "Background",
                    "preconditions": {"uid": w["wl_uid"]}}, self.wl_body(w), self.ids.ctrl(self.ids.gc),
                   tag="workload_delete")
        t += 20_000
        w["finalizers"] = []
        w["rv"] = self.next_rv()
        body = self.wl_body(w)
        self.audit(t, "update", self.kuri("workloads", w["wl"], w["ns"]), self.ids.kueue, KUEUE_UA,
                   self.kref("workloads", w["wl"], w["ns"], w["wl_uid"], w["rv"]), 200, RR, body, body,
                   self.ids.kueue_reason)
