"""The generator: one object holding the trace, the clock and the output, assembled from
the parts (each a mixin class of methods over the same state)."""

import random

from .common import Clock, DAY_US, Ids, TTL_SECONDS
from .day import DayTrace
from .noise import Noise
from .policy import QueuePolicy
from .workloads import WorkloadSteps
from .writer import Full, Writer


class Gen(Writer, QueuePolicy, WorkloadSteps, DayTrace, Noise):
    def __init__(self, args, header, steps):
        self.args = args
        self.header = header
        self.steps = steps
        last_reserved = {}
        for s in steps:  # quota_reserved followed by admitted at the same time: one status patch
            key = (s["namespace"], s["name"])
            if s["type"] == "quota_reserved":
                last_reserved[key] = s
            elif s["type"] == "admitted" and key in last_reserved and last_reserved[key]["ms"] == s["ms"]:
                last_reserved[key]["_with_admit"] = True
        self.rng = random.Random(args.seed)
        self.clock = Clock()
        self.rv = 4_000_000
        self.ids = Ids(self)
        self.counts = {}
        self.exported_events = []
        # Lines waiting for their time: (t_us, seq, line, tag, event, is_kueue); line None = a deferred
        # task (tag is the callable) that makes lines when its time comes. Lines leave in time order,
        # each Kueue line preceded by enough unrelated lines to keep the share at --kueue-fraction.
        self.heap = []
        self.seq = 0
        self.cq_status_at = {}
        self.objects = {}     # "kind/ns/name" -> [uid, rv, generation, body] of queue objects
        self.out = None
        self.buf = []
        self.buf_size = 0
        self.written = 0      # bytes
        self.lines = 0
        self.kueue_written = 0
        self.last_t = None    # time of the last line written
        self.noise_i = 0
        self.init_noise()

    # -------------------------------------------------------------- driver
    def run(self, out):
        """Writes the log to `out`; returns the counts of what was written."""
        self.out = out
        self.exported = []
        start = self.header["start_us"]
        end_ms = max([s["ms"] for s in self.steps] + [self.header.get("endMs", 0)])
        span_us = end_ms * 1000 + TTL_SECONDS * 1_000_000 + 200_000_000
        period = -(-span_us // DAY_US) * DAY_US
        d = 0
        try:
            self.create_queue_objects(start)
            while True:
                self.day(d, d * period)
                d += 1
                if not self.args.size:
                    break
                if len(self.exported) > 200_000:  # the export keeps the last hour anyway
                    self.exported = self.exported[-100_000:]
        except Full:
            d += 1
        self.drain()
        self.counts.update(lines=self.lines, bytes=self.written, kueue_lines=self.kueue_written, days=d)
        self.exported_events = self.exported
        return self.counts
