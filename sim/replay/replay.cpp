// The replay loop: a priority queue of events in virtual milliseconds. After each
// batch of simultaneous events, cycles run until one admits and evicts nothing,
// which is when Kueue's scheduler would go back to waiting for an event.
#include "sim/replay/replay.h"

#include <algorithm>
#include <queue>
#include <set>
#include <unordered_map>

namespace kg::sim::replay {

namespace {

struct Event {
    std::int64_t at_ms;
    enum Kind { arrive, finish } kind;
    std::size_t index;       ///< into the workload table
    std::uint64_t epoch;     ///< a finish is stale if the workload was evicted since
    bool operator>(const Event& o) const {
        return at_ms != o.at_ms ? at_ms > o.at_ms : (kind != o.kind ? kind < o.kind : index > o.index);
    }
};

struct Running {
    std::string cluster_queue;
    Usage usage;
    std::uint64_t epoch = 0;
    bool holding = false;
};

void account(QueueResult& q, const Usage& held, std::int64_t from, std::int64_t to) {
    if (to <= from) {
        return;
    }
    for (const auto& [fr, amount] : held) {
        q.used_integral[fr] += static_cast<__int128>(amount) * (to - from);
    }
}

}  // namespace

ReplayResult run_replay(std::vector<Arrival> arrivals, Scheduler& scheduler, const ReplayOptions& options) {
    ReplayResult result;
    const bool record = options.record_steps;
    scheduler.report_pending(record);
    // Last pending message recorded per workload: a pending step is written when it changes,
    // as Kueue patches the QuotaReserved=False condition only when its message changes.
    std::vector<std::string> last_pending(record ? arrivals.size() : 0);
    auto step = [&](sim::ReplayStep::Kind kind, std::int64_t at, std::size_t i) -> sim::ReplayStep& {
        sim::ReplayStep s;
        s.kind = kind;
        s.at_ms = at;
        s.workload = i;
        result.steps.push_back(std::move(s));
        return result.steps.back();
    };
    std::unordered_map<std::string, std::size_t> index_of;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
    result.workloads.reserve(arrivals.size());
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        const Arrival& a = arrivals[i];
        WorkloadResult w;
        w.workload = a.workload.meta.key();
        w.workload_class = a.workload_class;
        w.arrival_ms = a.arrival_ms;
        index_of[w.workload] = i;
        result.workloads.push_back(std::move(w));
        events.push({a.arrival_ms, Event::arrive, i, 0});
    }
    for (const auto& [cq, nominal] : scheduler.nominal_quota()) {
        result.queues[cq].cluster_queue = cq;
        result.queues[cq].nominal = nominal;
    }
    std::vector<Running> running(arrivals.size());
    // Usage per ClusterQueue right now, integrated between events.
    std::map<std::string, Usage> held;
    std::int64_t last_ms = 0;
    std::size_t outstanding = arrivals.size();

    auto advance_to = [&](std::int64_t now) {
        for (auto& [cq, usage] : held) {
            account(result.queues[cq], usage, last_ms, now);
        }
        last_ms = now;
    };
    std::set<std::string> touched;  // ClusterQueues whose usage changed at this millisecond
    auto sample = [&](std::int64_t now) {
        for (const std::string& cq : touched) {
            std::vector<sim::UsageSample>& tl = result.queues[cq].timeline;
            const Usage& u = held[cq];
            if (tl.empty() || tl.back().used != u) {
                tl.push_back({now, u});
            }
        }
        touched.clear();
    };
    auto release = [&](std::size_t i) {
        Running& r = running[i];
        touched.insert(r.cluster_queue);
        for (const auto& [fr, amount] : r.usage) {
            held[r.cluster_queue][fr] -= amount;
        }
        r.holding = false;
        ++r.epoch;
    };

    while (!events.empty()) {
        std::int64_t now = events.top().at_ms;
        advance_to(now);
        while (!events.empty() && events.top().at_ms == now) {
            Event e = events.top();
            events.pop();
            if (e.kind == Event::arrive) {
                scheduler.add(arrivals[e.index].workload);
                if (record) {
                    step(sim::ReplayStep::Kind::created, now, e.index);
                }
            } else if (running[e.index].holding && running[e.index].epoch == e.epoch) {
                release(e.index);
                result.workloads[e.index].finished_ms = now;
                if (record) {
                    step(sim::ReplayStep::Kind::finished, now, e.index);
                }
                scheduler.finish(result.workloads[e.index].workload);
                --outstanding;
            }
        }
        for (std::size_t c = 0; c < options.max_cycles_per_event; ++c) {
            CycleResult cycle = scheduler.run_cycle(now);
            ++result.cycles;
            for (const sim::PreemptedDecision& p : cycle.preempted) {
                auto it = index_of.find(p.workload);
                if (it != index_of.end() && running[it->second].holding) {
                    release(it->second);
                    ++result.workloads[it->second].evictions;
                    if (record) {
                        // The eviction completes before the next cycle: quota released, requeued.
                        sim::ReplayStep& ev = step(sim::ReplayStep::Kind::evicted, now, it->second);
                        ev.cluster_queue = running[it->second].cluster_queue;
                        ev.reason = "Preempted";
                        ev.preemption_reason = p.reason;
                        ev.preemptor = p.preemptor;
                        ev.message = p.message;
                        sim::ReplayStep& rq = step(sim::ReplayStep::Kind::requeued, now, it->second);
                        rq.reason = "Preempted";
                        rq.message = p.message;
                        last_pending[it->second].clear();
                    }
                }
            }
            for (Admitted& a : cycle.admitted) {
                auto it = index_of.find(a.workload);
                if (it == index_of.end()) {
                    continue;  // a workload of the manifests, not of the trace: it never finishes here
                }
                std::size_t i = it->second;
                Running& r = running[i];
                r.cluster_queue = a.cluster_queue;
                r.usage = std::move(a.usage);
                r.holding = true;
                touched.insert(r.cluster_queue);
                for (const auto& [fr, amount] : r.usage) {
                    held[r.cluster_queue][fr] += amount;
                }
                WorkloadResult& w = result.workloads[i];
                w.admitted_ms = now;
                w.cluster_queue = r.cluster_queue;
                ++result.queues[r.cluster_queue].admissions;
                events.push({now + arrivals[i].runtime_ms, Event::finish, i, r.epoch});
                if (record) {
                    sim::ReplayStep& qr = step(sim::ReplayStep::Kind::quota_reserved, now, i);
                    qr.cluster_queue = a.cluster_queue;
                    qr.pod_sets = std::move(a.pod_sets);
                    if (a.admitted) {
                        step(sim::ReplayStep::Kind::admitted, now, i).cluster_queue = a.cluster_queue;
                    }
                    last_pending[i].clear();
                }
            }
            if (record) {
                // By workload, so the steps do not depend on how the scheduler keeps its queues.
                std::sort(cycle.pending.begin(), cycle.pending.end(),
                          [](const sim::PendingDecision& x, const sim::PendingDecision& y) {
                              return x.workload < y.workload;
                          });
            }
            for (const sim::PendingDecision& p : cycle.pending) {
                if (!record) {
                    break;
                }
                auto it = index_of.find(p.workload);
                if (it == index_of.end() || running[it->second].holding ||
                    last_pending[it->second] == p.message) {
                    continue;
                }
                last_pending[it->second] = p.message;
                sim::ReplayStep& pd = step(sim::ReplayStep::Kind::pending, now, it->second);
                pd.cluster_queue = p.cluster_queue;
                pd.reason = p.reason;
                pd.message = p.message;
            }
            if (cycle.admitted.empty() && cycle.preempted.empty()) {
                break;
            }
        }
        sample(now);
    }
    result.end_ms = last_ms;
    result.stalled = outstanding > 0;
    for (auto& [name, q] : result.queues) {
        q.first_ms = 0;
        q.last_ms = last_ms;
    }
    return result;
}

}  // namespace kg::sim::replay
