// The replay loop: a priority queue of events in virtual milliseconds. After each
// batch of simultaneous events, cycles run until one admits and evicts nothing,
// which is when Kueue's scheduler would go back to waiting for an event. With the
// controller-throughput model (api_throughput.h) a cycle lasts until the writes it waits
// for have landed, admitted workloads start when their patch lands, and evicted ones free
// their quota when the eviction is completed, and finishes requeue their cohort tree's
// inadmissible workloads through Kueue's 1 s requeuer batch; events in between are handled
// before the next cycle, which also waits out the scheduler's backoff after a cycle that
// admitted nothing (cycle_backoff.h).
#include "sim/replay/replay.h"
#include "sim/replay/cycle_backoff.h"
#include "sim/replay/key_index.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <queue>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace kg::sim::replay {

namespace {

struct Event {
    std::int64_t at_ms;
    /// At one millisecond: requeues, evictions completed, then finishes, then arrivals (greater
    /// first).
    enum Kind { arrive, finish, finish_seen, evicted, requeue } kind;
    std::size_t index;       ///< into the workload table (a requeue: into the tree table)
    std::uint64_t epoch;     ///< a finish is stale if the workload was evicted since
    bool operator>(const Event& o) const {
        return at_ms != o.at_ms ? at_ms > o.at_ms : (kind != o.kind ? kind < o.kind : index > o.index);
    }
};

/// The replay's events in the order they happen. Arrivals are all known up front, so they are
/// read from a list sorted once, and only the events the run creates (finishes, evictions,
/// requeues: about as many as workloads hold quota) wait in the heap. With all 500,000 of
/// ls-cq10x's arrivals in it, every push and pop walked a 16 MB heap.
class EventQueue {
public:
    /// `arrivals`: arrive events, sorted here by time, then index (the heap's order for them).
    explicit EventQueue(std::vector<Event> arrivals) : m_arrivals(std::move(arrivals)) {
        std::sort(m_arrivals.begin(), m_arrivals.end(),
                  [](const Event& a, const Event& b) { return b > a; });
    }
    bool empty() const { return m_next == m_arrivals.size() && m_heap.empty(); }
    /// The next event (not empty()). An arrival and a heap event never compare equal (the
    /// kinds differ), so which comes first is what one heap of both would say.
    const Event& top() const { return next_is_arrival() ? m_arrivals[m_next] : m_heap.top(); }
    void pop() {
        if (next_is_arrival()) {
            ++m_next;
        } else {
            m_heap.pop();
        }
    }
    void push(const Event& e) { m_heap.push(e); }

private:
    bool next_is_arrival() const {
        if (m_next == m_arrivals.size()) return false;
        return m_heap.empty() || m_heap.top() > m_arrivals[m_next];
    }
    std::vector<Event> m_arrivals;
    std::size_t m_next = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_heap;
};

/// A ClusterQueue that admitted something: its row of the result, the usage it holds now and
/// since when (integrated when it changes, and at the end, not at every millisecond the replay
/// visits). Running workloads point here, so after an admission nothing is looked up by name:
/// with 10,000 ClusterQueues, three maps by name were a fifth of the replay loop.
struct QueueState {
    const std::string* name = nullptr;  ///< its key in ReplayResult::queues (nodes never move)
    /// The scheduler's name for its cohort tree (requeue_tree_of), asked once per ClusterQueue
    /// rather than at every finish and eviction: 500,000 lookups by name in ls-cq10x.
    std::string tree;
    QueueResult* result = nullptr;
    Usage held;
    std::int64_t since = 0;
    bool touched = false;  ///< its usage changed at this millisecond (listed in `touched`)
};

struct Running {
    /// The ClusterQueue holding its quota: one per ClusterQueue, not a name per workload.
    QueueState* queue = nullptr;
    /// Set at the first admission: one of the replay's distinct admission usages (`usages` in
    /// run_replay), which the workloads of one template share. A map apiece was a map node
    /// and two strings per workload (168 bytes, 80 MB of ls-cq10x).
    const Usage* usage = nullptr;
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
    ApiThroughput api(options.throughput);
    const bool modelled = !api.instant();
    // The model charges one write per changed pending condition, so it needs them listed too.
    const bool track_pending = record || modelled;
    scheduler.report_pending(track_pending);
    scheduler.record_steps(record);
    // With the model, finishes and evictions requeue their cohort tree through Kueue's
    // requeuer, one batch per tree k_requeue_batch_ms after the first notice (api_throughput.h).
    if (modelled) {
        scheduler.defer_requeues(true);
    }
    std::vector<std::string> requeue_trees;      // Event::requeue index -> tree
    std::set<std::string> requeue_waiting;       // trees with a requeue scheduled
    // Last pending message per workload: a condition is written (and a pending step recorded)
    // only when it changes, as Kueue patches the QuotaReserved=False condition only then.
    // Messages repeat across workloads ("insufficient quota ..."), so each is kept once and
    // every workload points at its own; nullptr stands for "" (none yet, or cleared).
    std::vector<const std::string*> last_pending(track_pending ? arrivals.size() : 0, nullptr);
    std::unordered_set<std::string> messages;
    auto last_message = [&](std::size_t i) -> std::string_view {
        return last_pending[i] ? std::string_view(*last_pending[i]) : std::string_view();
    };
    auto step = [&](sim::ReplayStep::Kind kind, std::int64_t at, std::size_t i) -> sim::ReplayStep& {
        sim::ReplayStep s;
        s.kind = kind;
        s.at_ms = at;
        s.workload = i;
        result.steps.push_back(std::move(s));
        return result.steps.back();
    };
    std::vector<Event> arrival_events;
    arrival_events.reserve(arrivals.size());
    result.workloads.reserve(arrivals.size());
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        const Arrival& a = arrivals[i];
        WorkloadResult w;
        w.workload = a.key();
        w.workload_class = a.workload_class;
        w.arrival_ms = a.arrival_ms;
        result.workloads.push_back(std::move(w));
        arrival_events.push_back({a.arrival_ms, Event::arrive, i, 0});
    }
    EventQueue events(std::move(arrival_events));
    // Rows are numbered in 32 bits (KeyIndex, and SimScheduler's row map).
    KeyIndex::check_rows(result.workloads.size());
    // The rows by key, for the decisions that name a workload by key alone (evictions, pending
    // messages, an admission whose scheduler does not know its row): built on first use, as
    // most replays need none. The rows do not change from here on.
    std::optional<KeyIndex> by_key;
    auto row_of = [&](const std::string& key) {
        if (!by_key) by_key.emplace(result.workloads);
        return by_key->find(key);
    };
    for (const auto& [cq, nominal] : scheduler.nominal_quota()) {
        result.queues[cq].cluster_queue = cq;
        result.queues[cq].nominal = nominal;
    }
    std::vector<Running> running(arrivals.size());
    std::set<Usage> usages;  // Running::usage's: elements never move
    std::unordered_map<std::string_view, QueueState> queue_states;  // keys view their `name`
    auto queue_state = [&](const std::string& cq) -> QueueState& {
        auto it = queue_states.find(cq);
        if (it == queue_states.end()) {
            auto row = result.queues.try_emplace(cq).first;
            QueueState st;
            st.name = &row->first;
            st.tree = scheduler.requeue_tree_of(cq);
            st.result = &row->second;
            it = queue_states.emplace(*st.name, std::move(st)).first;
        }
        return it->second;
    };
    std::int64_t last_ms = 0;
    std::size_t outstanding = arrivals.size();

    std::vector<QueueState*> touched;  // ClusterQueues whose usage changed at this millisecond
    auto touch = [&](QueueState& q) {
        if (!q.touched) {
            q.touched = true;
            touched.push_back(&q);
        }
    };
    auto sample = [&](std::int64_t now) {
        for (QueueState* q : touched) {
            std::vector<sim::UsageSample>& tl = q->result->timeline;
            if (tl.empty() || tl.back().used != q->held) {
                tl.push_back({now, q->held});
            }
            q->touched = false;
        }
        touched.clear();
    };
    // Closes the millisecond `last_ms` (its usage sample) and moves to `now`.
    auto move_to = [&](std::int64_t now) {
        if (now == last_ms) {
            return;
        }
        sample(last_ms);
        last_ms = now;
    };
    // Integrates `q`'s usage up to now, before it changes.
    auto settle = [&](QueueState& q) {
        account(*q.result, q.held, q.since, last_ms);
        q.since = last_ms;
    };
    auto release = [&](std::size_t i) {
        Running& r = running[i];
        settle(*r.queue);
        touch(*r.queue);
        for (const auto& [fr, amount] : *r.usage) {
            r.queue->held[fr] -= amount;
        }
        r.holding = false;
        ++r.epoch;
    };
    // The workload controller saw a workload of `q` finish or return to pending at `now`.
    auto notify_requeue = [&](const QueueState& q, std::int64_t now) {
        if (!modelled) {
            return;
        }
        if (!requeue_waiting.insert(q.tree).second) {
            return;  // joins the batch already waiting (the delaying queue keeps the earlier time)
        }
        requeue_trees.push_back(q.tree);
        events.push({now + k_requeue_batch_ms, Event::requeue, requeue_trees.size() - 1, 0});
    };
    auto current = [&](const Event& e) { return running[e.index].holding && running[e.index].epoch == e.epoch; };

    // Handles one event; true when the scheduler's state changed (a workload arrived or
    // finished), which is when Kueue's scheduler would run again.
    auto handle = [&](const Event& e, std::int64_t now) -> bool {
        switch (e.kind) {
        case Event::arrive:
            scheduler.add(arrivals[e.index], e.index, result.workloads[e.index].workload);
            if (record) {
                step(sim::ReplayStep::Kind::created, now, e.index);
            }
            return true;
        case Event::evicted:  // the runner completed an eviction: the victim's quota is free
            if (current(e)) {
                release(e.index);  // the simulator released it already (eviction completed)
                notify_requeue(*running[e.index].queue, now);
            }
            return false;
        case Event::requeue: {
            // Kueue broadcasts to the scheduler only when a workload moved (requeueWorkloadsCohort).
            const std::string& tree = requeue_trees[e.index];
            requeue_waiting.erase(tree);
            return scheduler.requeue_tree(tree);
        }
        case Event::finish:
        case Event::finish_seen:
            if (!current(e)) {
                return false;  // evicted since
            }
            if (e.kind == Event::finish) {
                // The runner marks it Finished; Kueue frees the quota when that write lands.
                const std::int64_t seen = api.finish(now);
                if (seen > now) {
                    events.push({seen, Event::finish_seen, e.index, e.epoch});
                    return false;
                }
            }
            release(e.index);
            result.workloads[e.index].finished_ms = now;
            if (record) {
                step(sim::ReplayStep::Kind::finished, now, e.index);
            }
            scheduler.finish(e.index, result.workloads[e.index].workload);
            notify_requeue(*running[e.index].queue, now);
            --outstanding;
            return true;
        }
        return false;
    };

    // One cycle at `now`; returns whether it admitted or evicted anything, or left other heads
    // for the next cycle (simulate --until-stable stops on the same test). Sets `busy_until`:
    // when the writes the cycle waits for (evictions, its heads' pending conditions) have landed.
    std::int64_t busy_until = 0;
    bool cycle_admitted = false;  // Kueue's SlowDown test: the cycle assumed no workload
    auto cycle_at = [&](std::int64_t now) {
        CycleResult cycle = scheduler.run_cycle(now);
        ++result.cycles;
        busy_until = now;
        cycle_admitted = !cycle.admitted.empty();
        for (const sim::PreemptedDecision& p : cycle.preempted) {
            const std::size_t i = row_of(p.workload);
            if (i == KeyIndex::npos || !running[i].holding) {
                continue;
            }
            ++result.workloads[i].evictions;
            const ApiThroughput::Eviction ev = api.eviction(now);
            busy_until = std::max(busy_until, ev.released);
            if (record) {
                // Evicted when the patch lands; requeued (quota released) when the runner completes it.
                sim::ReplayStep& es = step(sim::ReplayStep::Kind::evicted, ev.evicted, i);
                es.cluster_queue = *running[i].queue->name;
                es.reason = "Preempted";
                es.preemption_reason = p.reason;
                es.preemptor = p.preemptor;
                es.message = p.message;
                sim::ReplayStep& rq = step(sim::ReplayStep::Kind::requeued, ev.released, i);
                rq.reason = "Preempted";
                rq.message = p.message;
            }
            if (track_pending) {
                last_pending[i] = nullptr;
            }
            if (ev.released > now) {
                events.push({ev.released, Event::evicted, i, running[i].epoch});
            } else {
                release(i);
                notify_requeue(*running[i].queue, now);
            }
        }
        for (Admitted& a : cycle.admitted) {
            const std::size_t i = a.row != k_no_row ? a.row : row_of(a.workload);
            if (i == KeyIndex::npos) {
                continue;  // a workload of the manifests, not of the trace: it never finishes here
            }
            Running& r = running[i];
            if (r.holding) {
                release(i);  // its eviction completed at this millisecond, before its event
                notify_requeue(*r.queue, now);
            }
            r.queue = &queue_state(a.cluster_queue);
            r.usage = &*usages.insert(std::move(a.usage)).first;
            r.holding = true;
            settle(*r.queue);
            touch(*r.queue);
            for (const auto& [fr, amount] : *r.usage) {
                r.queue->held[fr] += amount;
            }
            WorkloadResult& w = result.workloads[i];
            w.admitted_ms = now;  // the Admitted condition's time, stamped before the patch waits
            w.cluster_queue = *r.queue->name;
            ++r.queue->result->admissions;
            // The runtime counts from when the runner sees the admission.
            w.admission_seen_ms = api.admission(now);
            events.push({w.admission_seen_ms + arrivals[i].runtime_ms, Event::finish, i, r.epoch});
            if (record) {
                sim::ReplayStep& qr = step(sim::ReplayStep::Kind::quota_reserved, now, i);
                qr.cluster_queue = a.cluster_queue;
                qr.pod_sets = std::move(a.pod_sets);
                if (a.admitted) {
                    step(sim::ReplayStep::Kind::admitted, now, i).cluster_queue = a.cluster_queue;
                }
            }
            if (track_pending) {
                last_pending[i] = nullptr;
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
            if (!track_pending) {
                break;
            }
            const std::size_t i = row_of(p.workload);
            if (i == KeyIndex::npos || running[i].holding || last_message(i) == p.message) {
                continue;
            }
            last_pending[i] = p.message.empty() ? nullptr : &*messages.insert(p.message).first;
            if (p.head) {
                busy_until = std::max(busy_until, api.pending_in_cycle(now));
            } else {
                api.pending_by_controller(now);
            }
            if (record) {
                sim::ReplayStep& pd = step(sim::ReplayStep::Kind::pending, now, i);
                pd.cluster_queue = p.cluster_queue;
                pd.reason = p.reason;
                pd.message = p.message;
            }
        }
        return !cycle.admitted.empty() || !cycle.preempted.empty() || cycle.heads_moved;
    };

    bool want_cycle = false;  // something happened since the last cycle that changed nothing
    std::size_t back_to_back = 0;
    std::int64_t scheduler_free = 0;
    CycleBackoff backoff;  // only with the model: --instant keeps cycles back to back
    for (;;) {
        const std::int64_t cycle_time = std::max(scheduler_free, last_ms);
        // A cycle due at the same millisecond as an event runs first, as cycles settle at one
        // instant before time moves on.
        if (want_cycle && (events.empty() || cycle_time <= events.top().at_ms)) {
            move_to(cycle_time);
            const std::int64_t pause = modelled ? backoff.arm() : 0;  // armed as the cycle starts
            const bool changed = cycle_at(cycle_time);
            if (modelled) {
                backoff.cycle_done(cycle_admitted);
            }
            scheduler_free = std::max(busy_until, cycle_time + pause);
            if (!changed || ++back_to_back >= options.max_cycles_per_event) {
                want_cycle = false;
            }
            continue;
        }
        if (events.empty()) {
            break;
        }
        if (outstanding == 0 && events.top().kind == Event::requeue) {
            events.pop();  // every workload has finished: a requeue changes nothing, and takes no time
            continue;
        }
        const std::int64_t now = events.top().at_ms;
        move_to(now);
        bool woke = false;
        while (!events.empty() && events.top().at_ms == now) {
            Event e = events.top();
            events.pop();
            woke = handle(e, now) || woke;
        }
        // Only a change wakes the scheduler: with nothing new a cycle would decide what the last
        // one did (the replay has no timers: no backoff, no admission-check retries).
        if (woke) {
            want_cycle = true;
            back_to_back = 0;
        }
    }
    sample(last_ms);
    for (auto& [name, q] : queue_states) {
        settle(q);
    }
    if (modelled && record) {
        // Evicted and requeued steps were written ahead, at the times their writes land.
        std::stable_sort(result.steps.begin(), result.steps.end(),
                         [](const sim::ReplayStep& a, const sim::ReplayStep& b) { return a.at_ms < b.at_ms; });
    }
    result.end_ms = last_ms;
    result.stalled = outstanding > 0;
    for (auto& [name, q] : result.queues) {
        q.first_ms = 0;
        q.last_ms = last_ms;
    }
    result.api.modelled = modelled;
    result.api.qps = options.throughput.kueue.qps;
    result.api.burst = options.throughput.kueue.burst;
    result.api.kueue_writes = api.writes().kueue();
    result.api.runner_writes = api.writes().runner;
    return result;
}

}  // namespace kg::sim::replay
