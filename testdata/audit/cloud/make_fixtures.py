#!/usr/bin/env python3
"""Writes the cloud-wrapper fixtures from plain.jsonl (the valid events of ../lifecycle.jsonl):
the same logical events as GKE Cloud Logging LogEntries, EKS CloudWatch Logs events and AKS
diagnostic records, in the envelopes of the public samples named in SOURCES.md. Re-run after
changing plain.jsonl:  python3 testdata/audit/cloud/make_fixtures.py"""
import json, os, datetime

HERE = os.path.dirname(os.path.abspath(__file__))
RPC = {403: 7, 404: 5, 409: 10, 422: 3, 400: 9, 401: 16}


def events():
    with open(os.path.join(HERE, "plain.jsonl")) as f:
        return [json.loads(l) for l in f if l.strip()]


def ms(ts):
    t = datetime.datetime.strptime(ts[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    frac = ts[20:-1] if "." in ts else "0"
    return int(t.timestamp()) * 1000 + int((frac + "000")[:3])


def gke_entry(e):
    """The LogEntry GKE writes for `e` (shape of the khi samples: protoPayload AuditLog)."""
    ref = e["objectRef"]
    group = ref.get("apiGroup") or "core"
    parts = [group, ref["apiVersion"]]
    if ref.get("namespace"):
        parts += ["namespaces", ref["namespace"]]
    parts += [ref["resource"]] + [p for p in (ref.get("name"), ref.get("subresource")) if p]
    resource_name = "/".join(parts)
    # GKE's methodName: io.k8s.core... for the core group, io.k8s.<group> for built-in groups
    # without a dot (batch), else the group's labels reversed (io.k8s.coordination, io.x-k8s.kueue).
    method_group = ("io.k8s.core" if group == "core" else "io.k8s." + group if "." not in group
                    else ".".join(reversed(group.split("."))))
    method = ".".join([method_group, ref["apiVersion"], ref["resource"]] +
                      ([ref["subresource"]] if ref.get("subresource") else []) + [e["verb"]])
    code = e.get("responseStatus", {}).get("code", 200)
    pp = {"@type": "type.googleapis.com/google.cloud.audit.AuditLog",
          "authenticationInfo": {"principalEmail": e["user"]["username"]},
          "authorizationInfo": [{"granted": True, "permission": method, "resource": resource_name}],
          "methodName": method}
    if "requestObject" in e:
        pp["request"] = dict({"@type": "k8s.io/Patch" if e["verb"] == "patch" else "%s/%s.%s" % (group, ref["apiVersion"], ref["resource"])},
                             **e["requestObject"]) if isinstance(e["requestObject"], dict) else e["requestObject"]
    pp["requestMetadata"] = {"callerIp": e["sourceIPs"][-1], "callerSuppliedUserAgent": e.get("userAgent", "")}
    pp["resourceName"] = resource_name
    if "responseObject" in e:
        pp["response"] = dict({"@type": "%s/%s.%s" % (group, ref["apiVersion"], ref["resource"])}, **e["responseObject"])
    pp["serviceName"] = "k8s.io"
    pp["status"] = {"code": 0} if code < 300 else {"code": RPC.get(code, 13), "message": e["responseStatus"].get("message", "")}
    return {"insertId": e["auditID"], "labels": e.get("annotations", {}),
            "logName": "projects/sample-project/logs/cloudaudit.googleapis.com%2Factivity",
            "operation": {"first": True, "id": e["auditID"], "last": True, "producer": "k8s.io"},
            "protoPayload": pp, "receiveTimestamp": e["stageTimestamp"],
            "resource": {"labels": {"cluster_name": "sample-cluster", "location": "us-central1-a", "project_id": "sample-project"},
                         "type": "k8s_cluster"},
            "timestamp": e["stageTimestamp"]}


def cloudwatch(e, i):
    line = json.dumps(e, separators=(",", ":"))
    t = ms(e["stageTimestamp"])
    return {"logStreamName": "kube-apiserver-audit-0f3c9a1b2d4e5f60718293a4b5c6d7e8", "timestamp": t, "message": line,
            "ingestionTime": t + 1500, "eventId": "3838%052d" % i}


def azure(e, category="kube-audit", as_object=False):
    line = json.dumps(e, separators=(",", ":"))
    return {"time": e["stageTimestamp"], "resourceId": "/SUBSCRIPTIONS/00000000-0000-0000-0000-000000000000/RESOURCEGROUPS/RG/PROVIDERS/MICROSOFT.CONTAINERSERVICE/MANAGEDCLUSTERS/SAMPLE",
            "category": category, "operationName": "Microsoft.ContainerService/managedClusters/diagnosticLogs/Read",
            "properties": {"log": e if as_object else line, "stream": "stdout", "pod": "kube-apiserver-7d9f8c6b5-x2k4p",
                           "containerID": "4b1f0e6c2a9d"}}


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def main():
    evs = events()
    complete = [e for e in evs if e.get("stage", "ResponseComplete") == "ResponseComplete"]
    # GKE keeps completed requests only (no stage); gcloud --format=json prints an array.
    entries = [gke_entry(e) for e in complete]
    write("gke-gcloud.json", json.dumps(entries, indent=2) + "\n")
    write("gke-sink.jsonl", "".join(json.dumps(x, separators=(",", ":")) + "\n" for x in entries))
    records = [cloudwatch(e, i) for i, e in enumerate(evs)]
    write("eks-filter-log-events.json", json.dumps({"events": records, "searchedLogStreams": [
        {"logStreamName": records[0]["logStreamName"], "searchedCompletely": True}]}, indent=4) + "\n")
    half = len(records) // 2
    payload = lambda rs: {"messageType": "DATA_MESSAGE", "owner": "123456789012", "logGroup": "/aws/eks/sample/cluster",
                          "logStream": records[0]["logStreamName"], "subscriptionFilters": ["kueuegov"],
                          "logEvents": [{"id": r["eventId"], "timestamp": r["timestamp"], "message": r["message"]} for r in rs]}
    control = {"messageType": "CONTROL_MESSAGE", "owner": "CloudwatchLogs", "logGroup": "", "logStream": "",
               "subscriptionFilters": [], "logEvents": [{"id": "", "timestamp": records[0]["timestamp"],
                                                           "message": "CWL CONTROL MESSAGE: Checking health of destination Firehose."}]}
    write("eks-subscription.jsonl", "".join(json.dumps(p, separators=(",", ":")) + "\n"
                                            for p in (control, payload(records[:half]), payload(records[half:]))))
    write("eks-records.jsonl", "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
    recs = [azure(e) for e in evs]
    recs.insert(1, dict(azure(evs[0], "kube-apiserver"), properties={"log": "I1005 09:00:00.1 1 trace.go:236] Trace ...",
                                                                     "stream": "stderr", "pod": "kube-apiserver-7d9f8c6b5-x2k4p",
                                                                     "containerID": "4b1f0e6c2a9d"}))
    write("aks-records.json", json.dumps({"records": recs}, indent=2) + "\n")
    write("aks-lines.jsonl", "".join(json.dumps(azure(e, as_object=i % 2 == 1), separators=(",", ":")) + "\n"
                                     for i, e in enumerate(evs)))


if __name__ == "__main__":
    main()
