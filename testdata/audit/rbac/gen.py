#!/usr/bin/env python3
"""Writes rbac-history.jsonl: the audit log of the KQ5008 and report C7 goldens, in the shape
of audit-evidence.md section 5.4 (ResponseComplete, RequestResponse, kubectl user agents).
  09:00 alice patches ClusterQueue research      (standing grant: no finding)
  09:10 mallory patches ClusterQueue research    (no grant: KQ5008)
  09:50 carol (system:masters) binds bob to clusterqueue-editor
  09:55 bob patches ClusterQueue research        (grant 5 minutes old: KQ5008)
  10:05 carol deletes bob's binding
  10:20 bob tries again and is refused (403)     (refused: not judged)
"""
import json, uuid

def ts(hm): return f"2026-10-05T{hm}:00.000000Z"

def cq(rv, gpus):
    return {"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue",
            "metadata": {"name": "research", "uid": "c1d2e3f4-0000-4000-8000-000000000010", "resourceVersion": str(rv), "generation": rv - 1000},
            "spec": {"namespaceSelector": {}, "resourceGroups": [{"coveredResources": ["nvidia.com/gpu"], "flavors": [
                {"name": "h100", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": str(gpus)}]}]}]}}

def user(name, groups): return {"username": name, "groups": groups + ["system:authenticated"]}

def event(n, hm, verb, who, ref, uri, code, req=None, resp=None, reason=""):
    e = {"kind": "Event", "apiVersion": "audit.k8s.io/v1", "level": "RequestResponse",
         "auditID": str(uuid.uuid5(uuid.NAMESPACE_URL, f"kueuegov-rbac-{n}")), "stage": "ResponseComplete",
         "requestURI": uri, "verb": verb, "user": who, "sourceIPs": ["10.0.8.21"],
         "userAgent": "kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46", "objectRef": ref,
         "responseStatus": {"metadata": {}, "code": code}}
    if code >= 300:
        e["responseStatus"].update({"status": "Failure", "reason": "Forbidden", "message": reason})
    if req is not None: e["requestObject"] = req
    if resp is not None: e["responseObject"] = resp
    e["requestReceivedTimestamp"] = ts(hm).replace(".000000Z", ".000000Z")
    e["stageTimestamp"] = ts(hm).replace(":00.000000Z", ":00.004100Z")
    e["annotations"] = {"authorization.k8s.io/decision": "allow" if code < 300 else "forbid",
                        "authorization.k8s.io/reason": reason if code < 300 else ""}
    return e

cq_ref = {"resource": "clusterqueues", "name": "research", "apiGroup": "kueue.x-k8s.io", "apiVersion": "v1beta2"}
cq_uri = "/apis/kueue.x-k8s.io/v1beta2/clusterqueues/research?fieldManager=kubectl-patch"
binding = {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
           "metadata": {"name": "bob-clusterqueue-editor", "uid": "5b0c1e2a-0000-4000-8000-000000000003", "resourceVersion": "1200"},
           "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "clusterqueue-editor"},
           "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "bob@example.com"}]}
b_ref = {"resource": "clusterrolebindings", "name": "bob-clusterqueue-editor", "apiGroup": "rbac.authorization.k8s.io", "apiVersion": "v1"}
alice = user("alice@example.com", ["platform-admins"])
mallory = user("mallory@example.com", ["developers"])
carol = user("carol@example.com", ["system:masters"])
bob = user("bob@example.com", ["ml-researchers"])
crb = 'RBAC: allowed by ClusterRoleBinding "platform-clusterqueue-editors" of ClusterRole "clusterqueue-editor" to User "alice@example.com"'
lines = [
    event(1, "09:00", "patch", alice, cq_ref, cq_uri, 200, {"spec": {"resourceGroups": [{"flavors": [{"name": "h100", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": "16"}]}]}]}}, cq(1101, 16), crb),
    event(2, "09:10", "patch", mallory, cq_ref, cq_uri, 200, {"spec": {"resourceGroups": [{"flavors": [{"name": "h100", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": "24"}]}]}]}}, cq(1102, 24), ""),
    event(3, "09:50", "create", carol, {k: v for k, v in b_ref.items() if k != "name"}, "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings?fieldManager=kubectl-create", 201, binding, binding, ""),
    event(4, "09:55", "patch", bob, cq_ref, cq_uri, 200, {"spec": {"resourceGroups": [{"flavors": [{"name": "h100", "resources": [{"name": "nvidia.com/gpu", "nominalQuota": "32"}]}]}]}}, cq(1103, 32),
          'RBAC: allowed by ClusterRoleBinding "bob-clusterqueue-editor" of ClusterRole "clusterqueue-editor" to User "bob@example.com"'),
    event(5, "10:05", "delete", carol, b_ref, "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/bob-clusterqueue-editor", 200, None,
          {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "details": {"name": "bob-clusterqueue-editor", "group": "rbac.authorization.k8s.io", "kind": "clusterrolebindings", "uid": "5b0c1e2a-0000-4000-8000-000000000003"}}, ""),
    event(6, "10:20", "patch", bob, cq_ref, cq_uri, 403, {"spec": {}}, None,
          'clusterqueues.kueue.x-k8s.io "research" is forbidden: User "bob@example.com" cannot patch resource "clusterqueues" in API group "kueue.x-k8s.io" at the cluster scope'),
]
with open("rbac-history.jsonl", "w") as f:
    for e in lines: f.write(json.dumps(e, separators=(",", ":")) + "\n")
