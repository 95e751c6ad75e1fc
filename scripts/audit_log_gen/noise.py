"""Unrelated API traffic: leases, reads, core Events, pod and node status, reviews."""

import bisect
import json

from .common import JSON_SEP, KCM_UA, KUBELET_UA, KUEUE_UA, META, REQ, RR


class Noise:
    # -------------------------------------------------------------- unrelated traffic
    def init_noise(self):
        rng = self.rng
        nnodes = max(6, min(60, len(self.header.get("clusterQueues", [])) * 2))
        self.nodes = ["gke-batch-pool-%d-%s" % (i // 8, "%08x" % rng.getrandbits(32)) for i in range(nnodes)]
        self.node_uid = {n: self.uuid() for n in self.nodes}
        namespaces = ["kube-system", "monitoring", "default", "kueue-system", "argocd"] + \
            sorted({lq["namespace"] for lq in self.header.get("localQueues", [])})[:20]
        self.pod_pool = []
        for i in range(300):
            ns = namespaces[i % len(namespaces)]
            app = ["prometheus-node-exporter", "fluent-bit", "coredns", "metrics-server", "kube-proxy",
                   "notebook", "tensorboard", "grafana"][i % 8]
            name = "%s-%08x-%05x" % (app, rng.getrandbits(32), rng.getrandbits(20))
            self.pod_pool.append((ns, name, self.uuid(), self.nodes[i % nnodes]))
        self.cm_pool = [(namespaces[i % len(namespaces)], name) for i, name in
                        enumerate(["kube-root-ca.crt", "coredns", "fluent-bit-config", "prometheus-config",
                                   "kueue-manager-config", "argocd-cm", "cluster-info", "extension-apiserver-authentication"])]
        node_groups = ["system:nodes", "system:authenticated"]
        sa = lambda ns, name: {"username": "system:serviceaccount:%s:%s" % (ns, name), "uid": "@SAUID@",
                               "groups": ["system:serviceaccounts", "system:serviceaccounts:" + ns, "system:authenticated"]}

        def template(level, verb, uri, user, ua, ref, code, reason, req=None, resp=None, ip="10.128.0.@IP@"):
            d = {"kind": "Event", "apiVersion": "audit.k8s.io/v1", "level": level, "auditID": "@AID@",
                 "stage": "ResponseComplete", "requestURI": uri, "verb": verb, "user": user, "sourceIPs": [ip],
                 "userAgent": ua, "objectRef": ref, "responseStatus": {"metadata": {}, "code": code}}
            if req is not None:
                d["requestObject"] = req
            if resp is not None:
                d["responseObject"] = resp
            d["requestReceivedTimestamp"] = "@RRT@"
            d["stageTimestamp"] = "@ST@"
            d["annotations"] = {"authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": reason}
            # The RequestReceived stage of the same request: no response, no bodies, no annotations.
            rr = {k: v for k, v in d.items() if k not in ("responseStatus", "requestObject", "responseObject", "annotations")}
            rr["stage"] = "RequestReceived"
            rr["stageTimestamp"] = "@RRT@"
            out = []
            for obj in (d, rr):
                s = json.dumps(obj, separators=JSON_SEP).replace("%", "%%")
                for k in ("AID", "RRT", "ST", "NODE", "NS", "NAME", "UID", "RV", "IP", "SAUID", "TIME", "HEX", "N"):
                    s = s.replace("@%s@" % k, "%%(%s)s" % k)
                out.append(s)
            return tuple(out)

        node_user = {"username": "system:node:@NODE@", "groups": node_groups}
        lease_ref = {"resource": "leases", "namespace": "kube-node-lease", "name": "@NODE@", "uid": "@UID@",
                     "apiGroup": "coordination.k8s.io", "apiVersion": "v1", "resourceVersion": "@RV@"}
        kinds = []  # (weight, template, fields-maker)
        kinds.append((30, template(META, "update", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/@NODE@?timeout=10s",
                                   node_user, KUBELET_UA, lease_ref, 200, ""), "node"))
        for holder, ns, lname, ua in [("kube-controller-manager", "kube-system", "kube-controller-manager", KCM_UA + "/leader-election"),
                                      ("kube-scheduler", "kube-system", "kube-scheduler", "kube-scheduler/v1.31.2 (linux/amd64) kubernetes/5864a46/leader-election"),
                                      ("kueue-controller-manager", "kueue-system", "c1f6bfd2.kueue.x-k8s.io", KUEUE_UA)]:
            user = {"username": "system:" + holder, "groups": ["system:authenticated"]} if holder != "kueue-controller-manager" \
                else sa("kueue-system", "kueue-controller-manager")
            lease = {"kind": "Lease", "apiVersion": "coordination.k8s.io/v1",
                     "metadata": {"name": lname, "namespace": ns, "uid": "@UID@", "resourceVersion": "@RV@"},
                     "spec": {"holderIdentity": holder + "-7f9c8d_@HEX@", "leaseDurationSeconds": 15,
                              "acquireTime": "2026-01-05T07:00:00.000000Z", "renewTime": "@ST@", "leaseTransitions": 3}}
            ref = {"resource": "leases", "namespace": ns, "name": lname, "uid": "@UID@", "apiGroup": "coordination.k8s.io",
                   "apiVersion": "v1", "resourceVersion": "@RV@"}
            kinds.append((3, template(RR, "update", "/apis/coordination.k8s.io/v1/namespaces/%s/leases/%s?timeout=5s" % (ns, lname),
                                      user, ua, ref, 200, "RBAC: allowed by RoleBinding \"system::leader-locking-%s/%s\" of Role \"system::leader-locking-%s\" to User \"system:%s\"" % (holder, ns, holder, holder),
                                      lease, lease), "fixed"))
        kinds.append((12, template(META, "get", "/api/v1/namespaces/@NS@/pods/@NAME@", node_user, KUBELET_UA,
                                   {"resource": "pods", "namespace": "@NS@", "name": "@NAME@", "apiVersion": "v1"}, 200, ""), "pod"))
        kinds.append((6, template(META, "list", "/api/v1/pods?fieldSelector=spec.nodeName%3D@NODE@&limit=500&resourceVersion=0",
                                  node_user, KUBELET_UA, {"resource": "pods", "apiVersion": "v1"}, 200, ""), "node"))
        kinds.append((5, template(META, "watch", "/api/v1/namespaces/@NS@/configmaps?allowWatchBookmarks=true&fieldSelector=metadata.name%3D@NAME@&resourceVersion=@RV@&timeout=7m41s&timeoutSeconds=461&watch=true",
                                  node_user, KUBELET_UA, {"resource": "configmaps", "namespace": "@NS@", "name": "@NAME@", "apiVersion": "v1"}, 200, ""), "cm"))
        kinds.append((5, template(META, "get", "/api/v1/nodes/@NODE@?resourceVersion=0&timeout=10s", node_user, KUBELET_UA,
                                  {"resource": "nodes", "name": "@NODE@", "apiVersion": "v1"}, 200, ""), "node"))
        sched = {"username": "system:kube-scheduler", "groups": ["system:authenticated"]}
        kinds.append((4, template(META, "watch", "/api/v1/nodes?allowWatchBookmarks=true&resourceVersion=@RV@&timeout=8m2s&timeoutSeconds=482&watch=true",
                                  sched, "kube-scheduler/v1.31.2 (linux/amd64) kubernetes/5864a46/scheduler",
                                  {"resource": "nodes", "apiVersion": "v1"}, 200,
                                  'RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"'), "fixed"))
        ev = {"kind": "Event", "apiVersion": "v1", "metadata": {"name": "@NAME@.@HEX@", "namespace": "@NS@"},
              "involvedObject": {"kind": "Pod", "namespace": "@NS@", "name": "@NAME@", "uid": "@UID@", "apiVersion": "v1",
                                 "fieldPath": "spec.containers{main}"},
              "reason": "Pulled", "message": "Container image already present on machine", "source": {"component": "kubelet", "host": "@NODE@"},
              "firstTimestamp": "@TIME@", "lastTimestamp": "@TIME@", "count": 1, "type": "Normal", "eventTime": None,
              "reportingComponent": "kubelet", "reportingInstance": "@NODE@"}
        kinds.append((10, template(REQ, "create", "/api/v1/namespaces/@NS@/events", node_user, KUBELET_UA,
                                   {"resource": "events", "namespace": "@NS@", "name": "@NAME@.@HEX@", "apiVersion": "v1"}, 201, "", ev), "pod"))
        pod_patch = {"metadata": {"uid": "@UID@"}, "status": {"$setElementOrder/conditions": [
            {"type": "PodReadyToStartContainers"}, {"type": "Initialized"}, {"type": "Ready"}, {"type": "ContainersReady"},
            {"type": "PodScheduled"}], "conditions": [{"lastProbeTime": None, "lastTransitionTime": "@TIME@", "status": "True",
                                                        "type": "Ready"}],
            "containerStatuses": [{"containerID": "containerd://@HEX@@HEX@", "image": "registry.example.com/ops/agent:2.1",
                                   "imageID": "registry.example.com/ops/agent@sha256:@HEX@@HEX@@HEX@@HEX@",
                                   "lastState": {}, "name": "main", "ready": True, "restartCount": "@N@", "started": True,
                                   "state": {"running": {"startedAt": "@TIME@"}}}]}}
        kinds.append((7, template(REQ, "patch", "/api/v1/namespaces/@NS@/pods/@NAME@/status", node_user, KUBELET_UA,
                                  {"resource": "pods", "namespace": "@NS@", "name": "@NAME@", "apiVersion": "v1", "subresource": "status"},
                                  200, "", pod_patch), "pod"))
        kinds.append((5, template(META, "patch", "/api/v1/nodes/@NODE@/status?timeout=10s", node_user, KUBELET_UA,
                                  {"resource": "nodes", "name": "@NODE@", "apiVersion": "v1", "subresource": "status"}, 200, ""), "node"))
        ms = sa("kube-system", "metrics-server")
        kinds.append((4, template(REQ, "create", "/apis/authorization.k8s.io/v1/subjectaccessreviews", ms,
                                  "metrics-server/v0.7.2 (linux/amd64) kubernetes/$Format",
                                  {"resource": "subjectaccessreviews", "apiGroup": "authorization.k8s.io", "apiVersion": "v1"}, 201,
                                  'RBAC: allowed by ClusterRoleBinding "metrics-server:system:auth-delegator" of ClusterRole "system:auth-delegator" to ServiceAccount "metrics-server/kube-system"',
                                  {"kind": "SubjectAccessReview", "apiVersion": "authorization.k8s.io/v1", "metadata": {"creationTimestamp": None},
                                   "spec": {"nonResourceAttributes": {"path": "/metrics", "verb": "get"}, "user": "system:serviceaccount:monitoring:prometheus",
                                            "groups": ["system:serviceaccounts", "system:serviceaccounts:monitoring", "system:authenticated"]},
                                   "status": {"allowed": False}}), "fixed"))
        epc = sa("kube-system", "endpointslice-controller")
        kinds.append((4, template(META, "update", "/apis/discovery.k8s.io/v1/namespaces/@NS@/endpointslices/@NAME@",
                                  epc, KCM_UA + "/system:serviceaccount:kube-system:endpointslice-controller",
                                  {"resource": "endpointslices", "namespace": "@NS@", "name": "@NAME@", "uid": "@UID@",
                                   "apiGroup": "discovery.k8s.io", "apiVersion": "v1", "resourceVersion": "@RV@"}, 200,
                                  'RBAC: allowed by ClusterRoleBinding "system:controller:endpointslice-controller" of ClusterRole "system:controller:endpointslice-controller" to ServiceAccount "endpointslice-controller/kube-system"'), "cm"))
        kinds.append((4, template(META, "get", "/api/v1/namespaces/@NS@/configmaps/@NAME@", sa("monitoring", "prometheus"),
                                  "prometheus/v2.54.1", {"resource": "configmaps", "namespace": "@NS@", "name": "@NAME@", "apiVersion": "v1"}, 200,
                                  'RBAC: allowed by ClusterRoleBinding "prometheus" of ClusterRole "prometheus" to ServiceAccount "prometheus/monitoring"'), "cm"))
        self.noise_kinds = [(tpl[0], tpl[1], src) for _, tpl, src in kinds]
        self.noise_cum = []
        acc = 0
        for wgt, _, _ in kinds:
            acc += wgt
            self.noise_cum.append(acc)
        self.sa_uid = self.uuid()
        self.fixed_uid = {}

    def noise_lines(self, n, a, b):
        """n unrelated requests with times spread evenly over [a, b) (µs), in time order, as
        (time, line) pairs; every 61st request also logs its RequestReceived stage."""
        rng = self.rng
        rnd = rng.random
        bits = rng.getrandbits
        kinds = self.noise_kinds
        total = self.noise_cum[-1]
        cum = self.noise_cum
        pods, cms, nodes = self.pod_pool, self.cm_pool, self.nodes
        clock = self.clock.us
        step = (b - a) / max(1, n)
        out = []
        i0 = self.noise_i
        self.noise_i += n
        for j in range(n):
            i = i0 + j
            t = a + int((j + rnd()) * step)
            k = bisect.bisect_right(cum, rnd() * total)
            tpl, rr_tpl, src = kinds[k]
            h = "%032x" % bits(128)
            aid = "%s-%s-4%s-a%s-%s" % (h[:8], h[8:12], h[13:16], h[17:20], h[20:32])
            self.rv += 7
            f = {"AID": aid, "ST": clock(t), "RV": self.rv, "IP": (i % 250) + 2, "SAUID": self.sa_uid, "HEX": h[:16],
                 "N": i % 3, "NODE": nodes[i % len(nodes)]}
            f["RRT"] = clock(t - 800 - (i * 7919) % 9000)
            f["TIME"] = f["ST"][:19] + "Z"
            if src == "node":
                f["UID"] = self.node_uid[f["NODE"]]
            elif src == "pod":
                ns, name, uid, node = pods[(i * 31 + k) % len(pods)]
                f["NS"], f["NAME"], f["UID"], f["NODE"] = ns, name, uid, node
            elif src == "cm":
                ns, name = cms[i % len(cms)]
                f["NS"], f["NAME"], f["UID"] = ns, name, self.fixed_uid.setdefault(name, self.uuid())
            else:
                f["UID"] = self.fixed_uid.setdefault(k, self.uuid())
            if i % 61 == 0:
                out.append((t, rr_tpl % f))
            out.append((t, tpl % f))
        return out
