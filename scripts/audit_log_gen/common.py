"""Constants, the replay events file, the audit clock and the identities that act."""

import argparse
import calendar
import json
import re
import sys
import time

KUEUE_GROUP = "kueue.x-k8s.io"
KUEUE_VERSION = "v1beta2"
KUEUE_API = KUEUE_GROUP + "/" + KUEUE_VERSION
KUEUE_UA = "kueue/v0.16.2 (linux/amd64) 3f8e1a2"
KUBECTL_UA = "kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46"
ARGOCD_UA = "argocd-application-controller/v2.13.1+af54ef8"
KUBELET_UA = "kubelet/v1.31.2 (linux/amd64) kubernetes/5864a46"
KCM_UA = "kube-controller-manager/v1.31.2 (linux/amd64) kubernetes/5864a46"
TICKET_ANNOTATION = "kueuegov.io/change-ticket"
QUEUE_LABEL = "kueue.x-k8s.io/queue-name"
TTL_SECONDS = 300
RR, REQ, META = "RequestResponse", "Request", "Metadata"
DAY_US = 86_400 * 1_000_000
JSON_SEP = (",", ":")


def die(msg):
    sys.stderr.write("gen-audit-log: " + msg + "\n")
    sys.exit(2)


def parse_size(text):
    m = re.fullmatch(r"(\d+)([KMG]?)(i?B?)?", text.strip(), re.IGNORECASE)
    if not m:
        raise argparse.ArgumentTypeError("expected a size such as 1G, 500M or 1048576, found %r" % text)
    return int(m.group(1)) * {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2).upper()]


def parse_time_us(text):
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?Z", text)
    if not m:
        return None
    secs = calendar.timegm(tuple(int(g) for g in m.groups()[:6]))
    frac = (m.group(7) or "0")[:6].ljust(6, "0")
    return secs * 1_000_000 + int(frac)


class Clock:
    """RFC 3339 strings from microseconds; caches the formatted second (lines come in order)."""

    def __init__(self):
        self.sec = None
        self.prefix = ""

    def us(self, t):
        s, f = divmod(t, 1_000_000)
        if s != self.sec:
            self.sec = s
            self.prefix = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(s))
        return "%s.%06dZ" % (self.prefix, f)

    @staticmethod
    def seconds(t):
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t // 1_000_000))


# ------------------------------------------------------------------------------ input

def read_events(path):
    """The header and the steps of a replay events file; exits 2 naming file:line on bad input."""
    try:
        f = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    name = "<stdin>" if path == "-" else path
    header, steps = None, []
    need = {"created": ("localQueue", "podSets", "runtimeMs"), "quota_reserved": ("clusterQueue", "podSetAssignments"),
            "evicted": ("preemptor", "message", "preemptionReason"), "pending": ("reason", "message"),
            "admitted": (), "requeued": ("reason", "message"), "finished": ()}
    with f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except ValueError as e:
                die("%s:%d: expected a JSON object (a replay events line): %s" % (name, n, e))
            kind = obj.get("type") if isinstance(obj, dict) else None
            if kind == "header":
                if header is not None or steps:
                    die("%s:%d: a second header line" % (name, n))
                if obj.get("format") != "kueuegov.io/replay-events/v1":
                    die("%s:%d: expected format kueuegov.io/replay-events/v1, found %r" % (name, n, obj.get("format")))
                header = obj
                continue
            if header is None:
                die("%s:%d: expected the header line first (kueuegov replay --events writes it)" % (name, n))
            if kind not in need:
                die("%s:%d: expected a step type (%s), found %r" % (name, n, ", ".join(need), kind))
            missing = [k for k in ("ms", "namespace", "name") + need[kind] if k not in obj]
            if missing:
                die("%s:%d: %s step without %s" % (name, n, kind, ", ".join(missing)))
            steps.append(obj)
    if header is None:
        die("%s: empty: expected the output of kueuegov replay --events" % name)
    start = parse_time_us(header.get("start", ""))
    if start is None:
        die("%s:1: expected an RFC 3339 UTC start time, found %r" % (name, header.get("start")))
    header["start_us"] = start
    return header, steps


# ------------------------------------------------------------------------------ identities

class Ids:
    """Who does what: users, service accounts, addresses; stable for the whole log."""

    def __init__(self, g):
        self.g = g
        self.kueue = self.sa("kueue-system", "kueue-controller-manager", "kueue-controller-manager-6d9c7b8f5-x2k4p")
        self.argocd = self.sa("argocd", "argocd-application-controller", "argocd-application-controller-0")
        self.job_ctrl = {"username": "system:serviceaccount:kube-system:job-controller", "uid": g.uuid(),
                         "groups": ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"]}
        self.ttl_ctrl = dict(self.job_ctrl, username="system:serviceaccount:kube-system:ttl-after-finished-controller",
                             uid=g.uuid())
        self.gc = dict(self.job_ctrl, username="system:serviceaccount:kube-system:generic-garbage-collector", uid=g.uuid())
        self.owners = [
            # (user, RBAC reason, is platform owner per the policy example)
            ({"username": "alice@example.com", "groups": ["platform-admins", "system:authenticated"]},
             'RBAC: allowed by ClusterRoleBinding "platform-admins" of ClusterRole "kueue-batch-admin-role" to Group "platform-admins"'),
            ({"username": "bob@example.com", "groups": ["platform-admins", "system:authenticated"]},
             'RBAC: allowed by ClusterRoleBinding "platform-admins" of ClusterRole "kueue-batch-admin-role" to Group "platform-admins"'),
        ]
        self.outsider = ({"username": "carol@example.com", "groups": ["ml-leads", "system:authenticated"]},
                         'RBAC: allowed by ClusterRoleBinding "ml-leads-queue-editors" of ClusterRole '
                         '"kueue-clusterqueue-editor-role" to Group "ml-leads"')
        self.kueue_reason = ('RBAC: allowed by ClusterRoleBinding "kueue-manager-rolebinding" of ClusterRole '
                             '"kueue-manager-role" to ServiceAccount "kueue-controller-manager/kueue-system"')
        self.argocd_reason = ('RBAC: allowed by ClusterRoleBinding "argocd-application-controller" of ClusterRole '
                              '"argocd-application-controller" to ServiceAccount "argocd-application-controller/argocd"')
        self.ctrl_reason = 'RBAC: allowed by ClusterRoleBinding "system:controller:%s" of ClusterRole "system:controller:%s" to ServiceAccount "%s/kube-system"'

    def sa(self, ns, name, pod):
        return {"username": "system:serviceaccount:%s:%s" % (ns, name), "uid": self.g.uuid(),
                "groups": ["system:serviceaccounts", "system:serviceaccounts:" + ns, "system:authenticated"],
                "extra": {"authentication.kubernetes.io/credential-id": ["JTI=" + self.g.uuid()],
                          "authentication.kubernetes.io/pod-name": [pod],
                          "authentication.kubernetes.io/pod-uid": [self.g.uuid()]}}

    def ctrl(self, user):
        name = user["username"].rsplit(":", 1)[1]
        return self.ctrl_reason % (name, name, name)

    @staticmethod
    def team_user(ns, k):
        return ({"username": "dev%d.%s@example.com" % (k, ns), "groups": ["team-" + ns, "system:authenticated"]},
                'RBAC: allowed by RoleBinding "team-edit" of ClusterRole "kueue-batch-user-role" to Group "team-%s"' % ns)
