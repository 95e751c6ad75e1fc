// Per-ClusterQueue pending queues: kueue-admission.md R4.1, R4.2, R4.4.4, R4.5, R4.7, R4.9.
// Kueue: pkg/cache/queue/cluster_queue.go (PushOrUpdate, requeueIfNotPresent,
// handleInadmissibleHash, Pop), inadmissible_workloads.go.
#include "sim/pending_queues.h"

#include <cassert>
#include <stdexcept>
#include <utility>

namespace kg::sim {

bool HeapOrder::operator()(const PendingWorkload* a, const PendingWorkload* b) const {
    if (a->info.priority != b->info.priority) return a->info.priority > b->info.priority;
    if (a->info.order_ts != b->info.order_ts) return a->info.order_ts < b->info.order_ts;
    if (a->info.uid != b->info.uid) return a->info.uid < b->info.uid;
    return a->info.key < b->info.key;
}

namespace {

// A group's place in QueueOfCQ::by_head depends on its first active member: take it out
// before the active set changes and put it back after.
void unlist(QueueOfCQ& q, ShapeGroup& g) {
    if (g.active.empty()) return;
    // find and erase(it): erase(key) searches the set twice (equal_range).
    if (auto it = q.by_head.find(&g); it != q.by_head.end()) q.by_head.erase(it);
}
void relist(QueueOfCQ& q, ShapeGroup& g) {
    if (!g.active.empty()) q.by_head.insert(&g);
}

// Moves every member of `from` into `to` (std::set::merge of the smaller into the larger).
void move_all(MemberSet& from, MemberSet& to) {
    if (from.size() > to.size()) from.swap(to);
    to.merge(from);
}

bool overwritable_reason(const PendingWorkload& p) {
    static const std::set<std::string> k_overwritable = {"", "PendingEvaluation", "Pending", "Suspended",
                                                         "Deactivated"};
    return p.has_condition && k_overwritable.count(p.condition_reason) > 0;
}

}  // namespace

PendingWorkload& PendingQueues::insert(const std::string& key, PendingWorkload p, bool queued, bool inadmissible,
                                       bool best_effort, QueueOfCQ* queue) {
    p.info.id = m_ids.intern(key);
    return insert(std::move(p), queued, inadmissible, best_effort, queue);
}

PendingWorkload& PendingQueues::insert(PendingWorkload p, bool queued, bool inadmissible, bool best_effort,
                                       QueueOfCQ* queue) {
    const WorkloadIds::Id id = p.info.id;
    assert(id < m_ids.size() && m_ids.key(id) == p.info.key);
    if (m_by_id.size() <= id) m_by_id.resize(static_cast<std::size_t>(id) + 1);
    std::unique_ptr<PendingWorkload>& slot = m_by_id[id];
    if (!slot) {
        slot = std::make_unique<PendingWorkload>(std::move(p));
        ++m_size;
    } else {
        unqueue(*slot);  // the record (and so its address) is kept
        const bool listed_message = slot->listed_message;  // a listener may hold its message
        *slot = std::move(p);
        slot->listed_message = slot->listed_message || listed_message;
    }
    PendingWorkload& w = *slot;
    w.group = nullptr;
    w.queued = queued;
    w.changed = false;
    mark_changed(w);
    if (queued) {
        w.queue = queue ? queue : &queue_for(w.info.cluster_queue, best_effort);
        enqueue(w, inadmissible);
    }
    return w;
}

QueueOfCQ& PendingQueues::queue_for(const std::string& cq, bool best_effort) {
    auto [qit, created] = m_queues.try_emplace(cq);
    if (created) {
        qit->second.best_effort = best_effort;
        qit->second.name = &qit->first;
        auto t = m_tree_of.find(qit->first);
        qit->second.tree = t == m_tree_of.end() ? -1 : t->second;
    }
    return qit->second;
}

void PendingQueues::erase(WorkloadIds::Id id) {
    if (PendingWorkload* p = find(id)) take(*p);
}

WorkloadInfo PendingQueues::take(PendingWorkload& p) {
    unqueue(p);
    forget_change(p);
    std::unique_ptr<PendingWorkload> gone = std::move(m_by_id[p.info.id]);
    --m_size;
    return std::move(gone->info);
}

PendingWorkload& PendingQueues::at(const std::string& key) {
    PendingWorkload* p = find(key);
    if (!p) throw std::out_of_range("no pending workload " + key);
    return *p;
}

std::vector<const PendingWorkload*> PendingQueues::all() const {
    std::vector<const PendingWorkload*> out;
    out.reserve(m_size);
    for (const auto& p : m_by_id)
        if (p) out.push_back(p.get());
    return out;
}

void PendingQueues::enqueue(PendingWorkload& p, bool inadmissible) {
    if (!p.queued || p.group) return;
    QueueOfCQ& q = *p.queue;
    ShapeGroup& g = q.groups[p.shape];
    g.shape = p.shape;  // set when the group is new (empty ones are kept, see unqueue)
    p.group = &g;
    if (overwritable_reason(p)) ++g.overwritable;
    if (inadmissible) {
        g.inadmissible.insert(&p);
        ++q.inadmissible;
        dirty(q);
    } else {
        // The group's place in by_head moves only when `p` becomes its first member; arrivals,
        // the most frequent insertion, come last (queue order is mostly arrival order), which
        // the hint at end() makes one comparison.
        const bool new_head = g.active.empty() || HeapOrder{}(&p, *g.active.begin());
        if (new_head) unlist(q, g);
        g.active.insert(g.active.end(), &p);
        if (new_head) relist(q, g);
        listed(q);
    }
}

void PendingQueues::unqueue(PendingWorkload& p) {
    if (!p.group) return;
    QueueOfCQ& q = *p.queue;
    ShapeGroup& g = *p.group;
    if (overwritable_reason(p)) --g.overwritable;
    // An admitted head is the first active member of its group: no search for it. Otherwise
    // found once (erase(key) searches twice), and only a first member moves its group.
    auto it = !g.active.empty() && *g.active.begin() == &p ? g.active.begin() : g.active.end();
    if (it == g.active.end()) {
        if (auto in = g.inadmissible.find(&p); in != g.inadmissible.end()) {
            g.inadmissible.erase(in);
            --q.inadmissible;
        } else {
            it = g.active.find(&p);
        }
    }
    if (it != g.active.end()) {
        const bool head = it == g.active.begin();
        if (head) unlist(q, g);
        g.active.erase(it);
        if (head) relist(q, g);
        listed(q);
    }
    p.group = nullptr;
    // An empty group is kept for the next workload of its shape (a queue that drains and
    // refills would otherwise build and drop a group, and copy its shape, per workload),
    // unless the queue holds many shapes: then it goes, so that the groups stay bounded by
    // the shapes waiting, not by those ever seen.
    if (g.active.empty() && g.inadmissible.empty() && q.groups.size() > k_kept_groups)
        q.groups.erase(g.shape);
}

bool PendingQueues::is_inadmissible(const PendingWorkload& p) const {
    return p.group && p.group->inadmissible.count(const_cast<PendingWorkload*>(&p)) > 0;
}

std::vector<PendingWorkload*> PendingQueues::head_workloads(const std::map<std::string, std::string>& sticky) {
    std::vector<PendingWorkload*> out;
    out.reserve(m_with_head.size());
    for (const QueueOfCQ* qp : m_with_head) {
        const QueueOfCQ& q = *qp;
        const std::string& cq = *q.name;
        if (q.best_effort && !sticky.empty()) {
            // R4.7: the sticky preemptor sorts before everything else while it is active.
            if (auto st = sticky.find(cq); st != sticky.end()) {
                PendingWorkload* p = find(st->second);
                if (p && p->group && p->info.cluster_queue == cq && !is_inadmissible(*p)) {
                    out.push_back(p);
                    continue;
                }
            }
        }
        out.push_back(*(*q.by_head.begin())->active.begin());
    }
    return out;
}

std::vector<std::string> PendingQueues::heads(const std::map<std::string, std::string>& sticky) const {
    std::vector<std::string> out;
    // head_workloads changes nothing; it is non-const only to hand out writable workloads.
    for (const PendingWorkload* p : const_cast<PendingQueues*>(this)->head_workloads(sticky)) out.push_back(p->info.key);
    return out;
}

void PendingQueues::bulk_move(const PendingWorkload& failed) {
    auto qit = m_queues.find(failed.info.cluster_queue);
    if (qit == m_queues.end()) return;
    QueueOfCQ& q = qit->second;
    q.bulk[*failed.shape] = failed.reason;
    dirty(q);
    auto git = q.groups.find(failed.shape);
    if (git == q.groups.end() || git->second.active.empty()) return;
    ShapeGroup& g = git->second;
    if (g.overwritable > 0) {
        for (PendingWorkload* p : g.active) {
            if (!overwritable_reason(*p)) continue;
            p->message = "Bypassed scheduling evaluation because an equivalent workload recently failed";
            mark_changed(*p);
            p->reason = failed.reason;
            p->condition_reason = failed.reason;
            if (!overwritable_reason(*p)) --g.overwritable;
        }
    }
    q.inadmissible += g.active.size();
    unlist(q, g);
    move_all(g.active, g.inadmissible);
    g.active.clear();
    listed(q);
}

void PendingQueues::mark_changed(PendingWorkload& p) {
    if (!m_track || p.changed) return;
    p.changed = true;
    p.changed_slot = static_cast<std::uint32_t>(m_changed.size());
    m_changed.push_back(&p);
}

std::vector<const PendingWorkload*> PendingQueues::take_changed() {
    std::vector<const PendingWorkload*> out;
    out.reserve(m_changed.size());
    for (PendingWorkload* p : m_changed) {
        if (!p || !p->changed) continue;  // gone, or listed already
        p->changed = false;
        out.push_back(p);
    }
    m_changed.clear();
    return out;
}

bool PendingQueues::bulk_moved(const std::string& cq, const std::string& shape) const {
    auto it = m_queues.find(cq);
    return it != m_queues.end() && it->second.bulk_moved(shape);
}

std::size_t PendingQueues::requeue_all(const std::string& cq) {
    auto qit = m_queues.find(cq);
    if (qit == m_queues.end()) return 0;
    QueueOfCQ& q = qit->second;
    q.bulk.clear();
    if (q.inadmissible == 0) return 0;
    const std::size_t moved = q.inadmissible;
    for (auto& [shape, g] : q.groups) {
        if (g.inadmissible.empty()) continue;
        unlist(q, g);
        move_all(g.inadmissible, g.active);
        g.inadmissible.clear();
        relist(q, g);
    }
    q.inadmissible = 0;
    listed(q);
    return moved;
}

void PendingQueues::listed(QueueOfCQ& q) {
    // Most calls change nothing (a queue keeps its head): skip the set, ordered by name.
    const bool with_head = !q.by_head.empty();
    if (with_head == q.with_head) return;
    q.with_head = with_head;
    if (with_head) {
        m_with_head.insert(&q);
    } else {
        m_with_head.erase(&q);
    }
}

void PendingQueues::dirty(QueueOfCQ& q) {
    if (q.in_dirty || q.tree < 0) return;
    q.in_dirty = true;
    m_dirty[static_cast<std::size_t>(q.tree)].push_back(&q);
}

void PendingQueues::set_tree(const std::string& cq, int tree) {
    m_tree_of[cq] = tree;
    if (m_dirty.size() <= static_cast<std::size_t>(tree)) m_dirty.resize(static_cast<std::size_t>(tree) + 1);
    if (auto it = m_queues.find(cq); it != m_queues.end()) {
        it->second.tree = tree;
        if (!it->second.bulk.empty() || it->second.inadmissible > 0) dirty(it->second);
    }
}

std::size_t PendingQueues::requeue_tree(int tree) {
    if (tree < 0 || static_cast<std::size_t>(tree) >= m_dirty.size()) return 0;
    // Each queue's requeue_all touches that queue only, so the order does not matter.
    std::vector<QueueOfCQ*> queues = std::move(m_dirty[static_cast<std::size_t>(tree)]);
    m_dirty[static_cast<std::size_t>(tree)].clear();
    std::size_t moved = 0;
    for (QueueOfCQ* q : queues) {
        q->in_dirty = false;
        moved += requeue_all(*q->name);
    }
    return moved;
}

// R4.4.4 scheduling shape: priority and, per pod set, what decides its fit (not namespace or queue).
std::string scheduling_shape(const WorkloadInfo& info) {
    std::string out = std::to_string(info.priority);
    for (const auto& ps : info.pod_sets) {
        out += "|" + ps.name + "#" + std::to_string(ps.count) + "#" + (ps.min_count ? std::to_string(*ps.min_count) : "-");
        for (const auto& [r, v] : ps.per_pod) out += ";" + r + "=" + std::to_string(v);
        const model::PodSpec& spec = *ps.spec;
        for (const auto& [k, v] : spec.node_selector) out += ";ns:" + k + "=" + v;
        if (spec.node_affinity)
            for (const auto& t : spec.node_affinity->required_terms) {
                out += ";term";
                for (const auto& e : t.match_expressions) {
                    out += ":" + *e.key + "/" + model::selector_op_name(e.op);
                    for (const auto& v : e.values) out += "," + v;
                }
            }
        for (const auto& t : spec.tolerations)
            out += ";tol:" + t.key + "/" + std::to_string(static_cast<int>(t.op)) + "/" + t.value + "/" +
                   std::to_string(static_cast<int>(t.effect));
        out += ";rc:" + spec.runtime_class_name;
    }
    return out;
}

}  // namespace kg::sim
