"""Queue objects created by the GitOps controller, and edits of them by owners and outsiders."""

import json

from .common import (
    ARGOCD_UA,
    Clock,
    DAY_US,
    JSON_SEP,
    KUBECTL_UA,
    KUEUE_API,
    KUEUE_UA,
    META,
    RR,
    TICKET_ANNOTATION,
)


class QueuePolicy:
    # -------------------------------------------------------------- queue objects
    def queue_object(self, kind, name, spec, t, ns=None, labels=None):
        uid, rv = self.uuid(), self.next_rv()
        meta = {"name": name}
        if ns:
            meta["namespace"] = ns
        meta["uid"] = uid
        meta["resourceVersion"] = rv
        meta["generation"] = 1
        meta["creationTimestamp"] = Clock.seconds(t)
        meta["annotations"] = {TICKET_ANNOTATION: "CHG-%d" % self.rng.randrange(10000, 99999)}
        if labels:
            meta["labels"] = labels
        body = {"apiVersion": KUEUE_API, "kind": kind, "metadata": meta, "spec": spec}
        key = "%s/%s/%s" % (kind, ns or "", name)
        self.objects[key] = body
        return body

    def create_queue_objects(self, t0):
        h = self.header
        t = t0 - 3_600_000_000  # an hour before the first workload
        made = []
        for rf in h.get("resourceFlavors", []):
            spec = {"nodeLabels": rf.get("nodeLabels") or {"cloud.google.com/gke-nodepool": "pool-" + rf["name"]}}
            made.append(("resourceflavors", None, self.queue_object("ResourceFlavor", rf["name"], spec, t), "mresourceflavor.kb.io"))
        for c in h.get("cohorts", []):
            spec = {}
            if c.get("parent"):
                spec["parentName"] = c["parent"]
            if c.get("resourceGroups"):
                spec["resourceGroups"] = c["resourceGroups"]
            made.append(("cohorts", None, self.queue_object("Cohort", c["name"], spec, t), None))
        prios = sorted({s["priority"] for s in self.steps if s["type"] == "created" and "priority" in s})
        for p in prios:
            body = self.queue_object("WorkloadPriorityClass", "priority-%d" % p, None, t)
            del body["spec"]
            body["value"] = p
            body["description"] = "scheduler-performance class with priority %d" % p
            made.append(("workloadpriorityclasses", None, body, None))
        for cq in h.get("clusterQueues", []):
            spec = {"cohortName": cq["cohort"]} if cq.get("cohort") else {}
            spec["namespaceSelector"] = cq.get("namespaceSelector") if cq.get("namespaceSelector") is not None else {}
            spec["queueingStrategy"] = cq.get("queueingStrategy", "BestEffortFIFO")
            spec["preemption"] = cq.get("preemption", {})
            spec["resourceGroups"] = cq.get("resourceGroups", [])
            made.append(("clusterqueues", None, self.queue_object("ClusterQueue", cq["name"], spec, t), "mclusterqueue.kb.io"))
        for lq in h.get("localQueues", []):
            made.append(("localqueues", lq["namespace"],
                         self.queue_object("LocalQueue", lq["name"], {"clusterQueue": lq["clusterQueue"]}, t, lq["namespace"]),
                         "mlocalqueue.kb.io"))
        for i, (resource, ns, body, webhook) in enumerate(made):
            tt = t + i * 40_000
            req = json.loads(json.dumps(body))
            for k in ("uid", "resourceVersion", "generation", "creationTimestamp"):
                del req["metadata"][k]
            ann = None
            if webhook:
                ann = {"mutation.webhook.admission.k8s.io/round_0_index_0":
                       json.dumps({"configuration": "kueue-mutating-webhook-configuration", "webhook": webhook,
                                   "mutated": False}, separators=JSON_SEP)}
            self.audit(tt, "create", self.kuri(resource, ns=ns, query="?fieldManager=argocd-controller"),
                       self.ids.argocd, ARGOCD_UA, self.kref(resource, body["metadata"]["name"], ns), 201, RR, req, body,
                       self.ids.argocd_reason, ann, tag="queue_object_create")
        self.namespaces_with_lq = sorted({lq["namespace"] for lq in h.get("localQueues", [])})
        self.lq_by_ns = {}
        for lq in h.get("localQueues", []):
            self.lq_by_ns.setdefault(lq["namespace"], lq["name"])

    # -------------------------------------------------------------- policy edits
    def policy_edit(self, t, forced=None):
        """A person or Argo CD patches a ClusterQueue, Cohort or ResourceFlavor."""
        rng = self.rng
        kinds = [k for k in self.objects if k.split("/")[0] in ("ClusterQueue", "Cohort", "ResourceFlavor")]
        if not kinds:
            return
        who, ticket = forced if forced else (rng.choice(["owner", "owner", "argocd", "argocd", "outsider"]), None)
        if ticket is None:
            ticket = who == "argocd" or rng.random() < 0.6
        cqs = [k for k in kinds if k.startswith("ClusterQueue/")]
        key = rng.choice(cqs) if cqs and rng.random() < 0.6 else rng.choice(kinds)
        body = self.objects[key]
        kind = body["kind"]
        resource = {"ClusterQueue": "clusterqueues", "Cohort": "cohorts", "ResourceFlavor": "resourceflavors"}[kind]
        spec = body["spec"]
        if kind == "ClusterQueue" and spec.get("resourceGroups"):
            rq = rng.choice(rng.choice(rng.choice(spec["resourceGroups"])["flavors"])["resources"])
            try:
                old = int(rq["nominalQuota"])
                rq["nominalQuota"] = str(max(1, old + rng.choice([-1, 1]) * max(1, old // rng.choice([4, 5, 10]))))
            except ValueError:
                rq["borrowingLimit"] = "0"
            patch_spec = {"resourceGroups": spec["resourceGroups"]}
        elif kind == "Cohort":
            spec["fairSharing"] = {"weight": str(rng.choice([1, 2, 3]))}
            patch_spec = {"fairSharing": spec["fairSharing"]}
        else:
            spec.setdefault("nodeLabels", {})["topology.kubernetes.io/zone"] = rng.choice(["europe-west4-a", "europe-west4-b"])
            patch_spec = {"nodeLabels": spec["nodeLabels"]}
        meta = body["metadata"]
        ann = dict(meta.get("annotations", {}))
        ann.pop(TICKET_ANNOTATION, None)
        if ticket:
            ann[TICKET_ANNOTATION] = "CHG-%d" % rng.randrange(10000, 99999)
        meta["annotations"] = ann
        meta["generation"] += 1
        meta["resourceVersion"] = self.next_rv()
        req = {"metadata": {"annotations": dict(ann)}, "spec": patch_spec}
        if who == "argocd":
            user, reason, ua = self.ids.argocd, self.ids.argocd_reason, ARGOCD_UA
            query = "?fieldManager=argocd-controller"
        else:
            user, reason = self.ids.outsider if who == "outsider" else rng.choice(self.ids.owners)
            ua, query = KUBECTL_UA, "?fieldManager=kubectl-client-side-apply&fieldValidation=Strict"
            req["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] = json.dumps(
                {"apiVersion": KUEUE_API, "kind": kind, "metadata": {"name": meta["name"], "annotations": dict(ann)},
                 "spec": spec}, separators=JSON_SEP) + "\n"
        tag = "edit_%s_%s" % ("outsider" if who == "outsider" else "owner", "ticket" if ticket else "noticket")
        self.audit(t, "patch", self.kuri(resource, meta["name"], query=query), user, ua,
                   self.kref(resource, meta["name"], uid=meta["uid"], rv=meta["resourceVersion"]), 200, RR, req,
                   json.loads(json.dumps(body)), reason, tag=tag)
        if kind == "ClusterQueue":
            self.cq_status(t + 30_000, meta["name"], force=True)

    def cq_status(self, t, cq, force=False):
        """Kueue's ClusterQueue status update (usage), at most once a second per queue."""
        if not cq or (not force and t - self.cq_status_at.get(cq, -DAY_US) < 1_000_000):
            return
        self.cq_status_at[cq] = t
        body = self.objects.get("ClusterQueue//" + cq)
        uid = body["metadata"]["uid"] if body else None
        self.audit(t, "update", self.kuri("clusterqueues", cq, sub="status"), self.ids.kueue, KUEUE_UA,
                   self.kref("clusterqueues", cq, uid=uid, rv=self.next_rv(), sub="status"), 200, META,
                   reason=self.ids.kueue_reason)
