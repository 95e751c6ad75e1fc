// One verdict per workload, computed from its state, its path and the simulated cycles
// (never boilerplate): the first of these that holds decides. A pending workload's verdict
// always carries the message the simulated cycles leave on it, so `explain` and `simulate`
// say the same thing.
#include "sim/explain/explanation.h"

#include "model/enum_names.h"
#include "sim/cluster_queue_status.h"

namespace kg::sim {

using namespace model;

const char* verdict_name(VerdictKind k) {
    switch (k) {
        case VerdictKind::running: return "running";
        case VerdictKind::evicted: return "evicted";
        case VerdictKind::waiting_for_admission_checks: return "waitingForAdmissionChecks";
        case VerdictKind::preempted_next_cycle: return "preemptedNextCycle";
        case VerdictKind::admitted_next_cycle: return "admittedNextCycle";
        case VerdictKind::admitted_after_preempting: return "admittedAfterPreempting";
        case VerdictKind::waits_for_quota: return "waitsForQuota";
        case VerdictKind::waits_for_preemptions: return "waitsForPreemptions";
        case VerdictKind::never_fits: return "neverFits";
        case VerdictKind::behind_strict_fifo_head: return "behindStrictFIFOHead";
        case VerdictKind::waits_behind: return "waitsBehind";
        case VerdictKind::blocked_on_path: return "blockedOnPath";
        case VerdictKind::cluster_queue_inactive: return "clusterQueueInactive";
        case VerdictKind::stopped: return "stopped";
        case VerdictKind::held: return "held";
        case VerdictKind::outside_kueue: return "outsideKueue";
        case VerdictKind::finished: return "finished";
        case VerdictKind::deactivated: return "deactivated";
    }
    return "unknown";
}

namespace {

const char* check_state_name(CheckState s) {
    switch (s) {
        case CheckState::pending: return "Pending";
        case CheckState::ready: return "Ready";
        case CheckState::retry: return "Retry";
        case CheckState::rejected: return "Rejected";
    }
    return "Pending";
}

// A broken link of the path, as a verdict.
Verdict from_path(const Cluster& cluster, const Explanation& e, const PathCheck& bad) {
    Verdict v;
    v.step = bad.step;
    v.detail = bad.message;
    switch (bad.step) {
        case PathStep::queue_name:
            v.kind = e.derived ? VerdictKind::outside_kueue : VerdictKind::blocked_on_path;
            break;
        case PathStep::held: v.kind = VerdictKind::held; break;
        case PathStep::local_queue_active:
            v.kind = VerdictKind::stopped;
            v.detail = "LocalQueue " + *e.path.local_queue->meta.name + " has stopPolicy " +
                       name_of(*e.path.local_queue->stop_policy);
            break;
        case PathStep::cluster_queue_active: {
            const ClusterQueue& cq = *e.path.cluster_queue;
            ClusterQueueStatus s = cluster_queue_status(cluster, cq);
            if (s.parts.size() == 1 && s.reason() == "Stopped") {
                v.kind = VerdictKind::stopped;
                v.detail = "ClusterQueue " + *cq.meta.name + " has stopPolicy " + name_of(*cq.stop_policy);
            } else {
                v.kind = VerdictKind::cluster_queue_inactive;
                v.detail = s.message();
            }
            break;
        }
        case PathStep::cohort_cycle: v.kind = VerdictKind::cluster_queue_inactive; break;
        default: v.kind = VerdictKind::blocked_on_path; break;
    }
    return v;
}

// The flavor and resource short by the least: against what is free (waits) or against the
// most it could ever get (never fits).
void smallest_shortfall(const Explanation& e, bool against_maximum, Verdict& v) {
    bool found = false;
    for (const FlavorCheck& c : e.flavor_checks) {
        const Amount& limit = against_maximum ? c.maximum : c.available;
        if (!(limit < c.needs)) continue;
        Amount gap = c.needs.sub(limit);
        if (!found || gap < v.short_by) {
            found = true;
            v.short_by = gap;
            v.flavor = c.flavor;
            v.resource = c.resource;
        }
    }
}

}  // namespace

Verdict compute_verdict(const Cluster& cluster, const Explanation& e) {
    const SimulatedOutcome& o = e.outcome;
    const Workload& wl = e.subject();
    Verdict v;
    v.detail = o.pending_at_end ? o.message : std::string();
    switch (e.state) {
        case WorkloadState::finished: v.kind = VerdictKind::finished; return v;
        case WorkloadState::inactive: v.kind = VerdictKind::deactivated; return v;
        case WorkloadState::admitted:
        case WorkloadState::quota_reserved:
            if (o.preempted) {
                v.kind = VerdictKind::preempted_next_cycle;
                v.cycle = o.preempted->cycle;
                v.detail = o.preempted->workload;
                return v;
            }
            if (wl.condition_true("Evicted")) {
                v.kind = VerdictKind::evicted;  // R5.12.2: holds its quota until its pods stop
                if (const Condition* c = wl.condition("Evicted")) v.detail = c->reason;
                return v;
            }
            if (e.state == WorkloadState::admitted) {
                v.kind = VerdictKind::running;
                return v;
            }
            v.kind = VerdictKind::waiting_for_admission_checks;
            for (const AdmissionCheckStatus& c : wl.admission_checks)
                if (c.state != CheckState::ready) v.checks.push_back(c.name + " (" + check_state_name(c.state) + ")");
            return v;
        case WorkloadState::pending: break;
    }
    if (const PathCheck* bad = e.path.first_problem()) return from_path(cluster, e, *bad);
    if (!o.preempting.empty()) {
        v.kind = VerdictKind::admitted_after_preempting;
        v.cycle = o.admitted_cycle;  // nullopt: the victims are still leaving when the cycles end
        return v;
    }
    if (o.admitted_cycle) {
        v.kind = VerdictKind::admitted_next_cycle;
        v.cycle = o.admitted_cycle;
        return v;
    }
    if (o.head_cycle && !o.head_inadmissible) {
        v.cycle = o.head_cycle;
        if (o.reason == "WaitingForPreemptedWorkloads") {
            v.kind = VerdictKind::waits_for_preemptions;
            return v;
        }
        switch (o.head_mode) {
            case Mode::no_fit:
                // Beyond the most it could ever get: never. Within it but beyond what is free,
                // with nothing Kueue may preempt: it waits. Neither (affinity, taints, a resource
                // the queue does not offer): never, in Kueue's words.
                v.kind = VerdictKind::never_fits;
                smallest_shortfall(e, true, v);
                if (v.resource.empty()) {
                    smallest_shortfall(e, false, v);
                    if (!v.resource.empty()) v.kind = VerdictKind::waits_for_quota;
                }
                return v;
            case Mode::preempt:
                v.kind = VerdictKind::waits_for_quota;
                smallest_shortfall(e, false, v);
                return v;
            case Mode::deferred_fit:
            case Mode::fit:
                // It fitted, and another head of the cycle took the room first.
                v.kind = VerdictKind::waits_for_quota;
                return v;
        }
    }
    if (o.head_cycle) {  // stopped at a nomination check the path does not show (R5.2.1)
        v.kind = VerdictKind::blocked_on_path;
        return v;
    }
    if (e.place && e.place->strict_fifo && !e.place->ahead.empty()) {
        v.kind = VerdictKind::behind_strict_fifo_head;
        v.head = e.place->ahead.front();
        v.ahead = static_cast<int>(e.place->ahead.size());
        return v;
    }
    v.kind = VerdictKind::waits_behind;
    v.ahead = e.place ? static_cast<int>(e.place->ahead.size()) : 0;
    return v;
}

}  // namespace kg::sim
