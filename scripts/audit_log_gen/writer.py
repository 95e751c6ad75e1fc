"""Audit lines: building one event, and writing lines in time order with unrelated
traffic interleaved so the Kueue share holds at any cut."""

import heapq
import json

from .common import JSON_SEP, KUEUE_API, KUEUE_GROUP, KUEUE_VERSION, META, RR


class Full(Exception):
    """The output reached --size."""


class Writer:
    # -------------------------------------------------------------- primitives
    def uuid(self):
        n = self.rng.getrandbits(128)
        h = "%032x" % n
        return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], "89ab"[n & 3], h[17:20], h[20:32])

    def next_rv(self):
        self.rv += self.rng.randrange(1, 40)
        return str(self.rv)

    def ip(self, user):
        u = user["username"]
        if u.startswith("system:serviceaccount:kueue-system"):
            return "10.244.1.9"
        if u.startswith("system:serviceaccount:kube-system"):
            return "10.0.0.2"
        if u.startswith("system:serviceaccount:argocd"):
            return "10.244.3.21"
        return "10.0.4.%d" % (17 + sum(map(ord, u)) % 200)

    def audit(self, t, verb, uri, user, ua, ref, code=200, level=RR, req=None, resp=None, reason="", extra_ann=None,
              tag=None, status=None, kueue=None, event=None):
        """Adds one request's audit line(s) at stage time t (µs)."""
        aid = self.uuid()
        lat = self.rng.randrange(1500, 14000)
        if self.args.metadata_only and ref.get("apiGroup") == KUEUE_GROUP:
            level = META  # GKE's and EKS's fixed policies: kueue.x-k8s.io falls to the Metadata catch-all
        rs = {"metadata": {}, "code": code}
        if status:
            rs.update(status)
        d = {"kind": "Event", "apiVersion": "audit.k8s.io/v1", "level": level, "auditID": aid,
             "stage": "ResponseComplete", "requestURI": uri, "verb": verb, "user": user,
             "sourceIPs": [self.ip(user)], "userAgent": ua, "objectRef": ref, "responseStatus": rs}
        if level != META and req is not None:
            d["requestObject"] = req
        if level == RR and resp is not None:
            d["responseObject"] = resp
        rrt = self.clock.us(t - lat)
        d["requestReceivedTimestamp"] = rrt
        d["stageTimestamp"] = self.clock.us(t)
        ann = {"authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": reason}
        if extra_ann:
            ann.update(extra_ann)
        d["annotations"] = ann
        if kueue is None:
            kueue = ref.get("apiGroup") == KUEUE_GROUP
        if self.rng.random() < 0.02:  # this apiserver also logs RequestReceived for a few requests
            rr = {k: d[k] for k in ("kind", "apiVersion", "level", "auditID")}
            rr.update(stage="RequestReceived", requestURI=uri, verb=verb, user=user, sourceIPs=d["sourceIPs"],
                      userAgent=ua, objectRef=ref, requestReceivedTimestamp=rrt, stageTimestamp=rrt)
            self.push(t - lat, json.dumps(rr, separators=JSON_SEP), None, kueue)
        self.push(t, json.dumps(d, separators=JSON_SEP), tag, kueue, event)

    def push(self, t, line, tag, kueue, event=None):
        heapq.heappush(self.heap, (t, self.seq, line, tag, event, bool(kueue)))
        self.seq += 1

    def defer(self, t, task):
        heapq.heappush(self.heap, (t, self.seq, None, task, None, False))
        self.seq += 1

    def flush(self, bound):
        """Writes the lines due before `bound` (µs), running deferred tasks as their time comes."""
        heap = self.heap
        f = self.args.kueue_fraction
        while heap and heap[0][0] < bound:
            t, _, line, tag, ev, kueue = heapq.heappop(heap)
            if line is None:
                tag()
                continue
            if self.last_t is None:
                self.last_t = t
            if kueue:
                need = -(-(self.kueue_written + 1) * 1000 // round(f * 1000)) - self.lines - 1
                if need > 0:
                    for _, nl in self.noise_lines(need, self.last_t, max(t, self.last_t + 1)):
                        self.write(nl)
                self.kueue_written += 1
            self.last_t = t
            if tag:
                self.tally(tag)
            if ev is not None:
                self.exported.append(ev)
            self.write(line)

    def write(self, line):
        self.buf.append(line)
        self.buf_size += len(line) + 1
        self.lines += 1
        if self.args.size and self.written + self.buf_size >= self.args.size:
            self.drain()
            raise Full()
        if len(self.buf) >= 4096:
            self.drain()

    def drain(self):
        if self.buf:
            self.out.write(("\n".join(self.buf) + "\n").encode())
            self.written += self.buf_size
            self.buf, self.buf_size = [], 0

    @staticmethod
    def kref(resource, name, ns=None, uid=None, rv=None, sub=None, group=KUEUE_GROUP, version=KUEUE_VERSION):
        r = {"resource": resource}
        if ns:
            r["namespace"] = ns
        r["name"] = name
        if uid:
            r["uid"] = uid
        if group:
            r["apiGroup"] = group
        r["apiVersion"] = version
        if rv:
            r["resourceVersion"] = rv
        if sub:
            r["subresource"] = sub
        return r

    @staticmethod
    def kuri(resource, name=None, ns=None, sub=None, query="", prefix="/apis/" + KUEUE_API):
        u = prefix + ("/namespaces/" + ns if ns else "") + "/" + resource
        if name:
            u += "/" + name
        if sub:
            u += "/" + sub
        return u + query
