// Quota arithmetic over the snapshot's cohort tree: kueue-admission.md §6.
// Kueue: pkg/cache/scheduler/resource_node.go (available, potentialAvailable,
// guaranteedQuota, updateUsage), classical/hierarchical_preemption.go
// (FindHeightOfLowestSubtreeThatFits).
#include "sim/snapshot.h"

#include <algorithm>

namespace kg::sim {

namespace {
Amount amax0(Amount a) { return a < Amount::of(0) ? Amount::of(0) : a; }
Amount amin(Amount a, Amount b) { return b < a ? b : a; }
}  // namespace

int Snapshot::find_cq(const std::string& name) const {
    if (m_cq_hash) {
        auto it = m_cq_hash->find(name);
        return it == m_cq_hash->end() ? -1 : it->second;
    }
    auto it = cq_index.find(name);
    return it == cq_index.end() ? -1 : it->second;
}

void Snapshot::index_cluster_queues() {
    m_cq_hash = std::make_shared<const std::unordered_map<std::string, int>>(cq_index.begin(), cq_index.end());
}

// R6.2 LQ (resource_node.go guaranteedQuota).
Amount Snapshot::guaranteed(int n, const FR& f) const {
    auto it = nodes[n].quotas.find(f);
    if (it == nodes[n].quotas.end() || !it->second.lending_limit) return Amount::of(0);
    return amax0(subtree_quota(n, f).sub(*it->second.lending_limit));
}

Amount Snapshot::local_available(int n, const FR& f) const {
    return amax0(guaranteed(n, f).sub(Amount::of(usage(n, f))));
}

// R6.4 (resource_node.go available).
Amount Snapshot::avail_raw(int n, const FR& f) const {
    const ResourceNode& node = nodes[n];
    if (node.parent < 0) return subtree_quota(n, f).sub(Amount::of(usage(n, f)));
    Amount parent = avail_raw(node.parent, f);
    auto q = node.quotas.find(f);
    if (q != node.quotas.end() && q->second.borrowing_limit) {
        Amount stored = subtree_quota(n, f).sub(guaranteed(n, f));
        Amount used = amax0(Amount::of(usage(n, f)).sub(guaranteed(n, f)));
        parent = amin(parent, stored.sub(used).add(*q->second.borrowing_limit));
    }
    return local_available(n, f).add(parent);
}

Amount Snapshot::available(int n, const FR& f) const { return amax0(avail_raw(n, f)); }

// R6.4 (resource_node.go potentialAvailable).
Amount Snapshot::potential_available(int n, const FR& f) const {
    const ResourceNode& node = nodes[n];
    if (node.parent < 0) return subtree_quota(n, f);
    Amount a = guaranteed(n, f).add(potential_available(node.parent, f));
    auto q = node.quotas.find(f);
    if (q != node.quotas.end() && q->second.borrowing_limit)
        a = amin(a, subtree_quota(n, f).add(*q->second.borrowing_limit));
    return a;
}

// R6.5
bool Snapshot::borrowing_with(int n, const FR& f, std::int64_t v) const {
    return subtree_quota(n, f) < Amount::of(model::saturating_add(usage(n, f), v));
}

int Snapshot::height(int n) const {
    const ResourceNode& node = nodes[n];
    if (node.is_cq) return 0;
    int h = (node.child_cqs.empty() && node.child_cohorts.empty()) ? 0 : 1;
    for (int c : node.child_cohorts) h = std::max(h, height(c) + 1);
    return h;
}

int Snapshot::root(int n) const {
    while (nodes[n].parent >= 0) n = nodes[n].parent;
    return n;
}

std::vector<int> Snapshot::ancestors(int n) const {
    std::vector<int> out;
    for (int p = nodes[n].parent; p >= 0; p = nodes[p].parent) out.push_back(p);
    return out;
}

// R6.6 (hierarchical_preemption.go FindHeightOfLowestSubtreeThatFits).
std::pair<int, bool> Snapshot::lowest_fitting_subtree(int cq, const FR& f, std::int64_t v) const {
    if (!has_parent(cq)) return {0, false};
    if (!borrowing_with(cq, f, v)) return {0, true};
    Amount rem = Amount::of(v).sub(local_available(cq, f));
    int last = cq;
    for (int a : ancestors(cq)) {
        last = a;
        std::int64_t r = rem.is_unlimited() ? INT64_MAX : rem.value();
        if (!borrowing_with(a, f, r)) return {height(a), has_parent(a)};
        rem = rem.sub(local_available(a, f));
    }
    return {height(last), false};
}

void Snapshot::set_own_usage(int n, const FR& f, std::int64_t v) {
    auto [it, inserted] = nodes[n].usage.try_emplace(f, v);
    if (m_journal.on)
        m_journal.undo.push_back({n, f, inserted ? std::nullopt : std::optional<std::int64_t>(it->second)});
    if (!inserted && far(it->second)) --m_far_usage;
    if (far(v)) ++m_far_usage;
    over_moved(n, f, inserted ? 0 : it->second, v);
    it->second = v;
    nodes[n].drs_valid = false;
    usage_moved(n);
}

void Snapshot::usage_moved(int n) {
    const ResourceNode& node = nodes[n];
    if (node.is_cq || node.parent < 0 || node.listed_as_changed) return;
    const ResourceNode& parent = nodes[node.parent];
    if (!parent.kids_known) return;  // its first look visits every child
    node.listed_as_changed = true;
    parent.kids_changed.push_back(n);
}

void Snapshot::over_moved(int n, const FR& f, std::int64_t before, std::int64_t after) {
    ResourceNode& node = nodes[n];
    const Amount quota = subtree_quota(n, f);
    const bool was = quota < Amount::of(before);
    const bool is = quota < Amount::of(after);
    if (was == is) return;
    node.over += is ? 1 : -1;
    if (!node.is_cq || node.parent < 0 || (node.over > 0) == (node.over_slot >= 0)) return;
    std::vector<int>& list = nodes[node.parent].over_cqs;
    if (node.over > 0) {
        node.over_slot = static_cast<int>(list.size());
        list.push_back(n);
    } else {
        // Swap-remove: the list has no order.
        const int last = list.back();
        list[static_cast<std::size_t>(node.over_slot)] = last;
        nodes[last].over_slot = node.over_slot;
        list.pop_back();
        node.over_slot = -1;
    }
}

bool Snapshot::quotas_non_negative() const {
    if (m_quotas_non_negative < 0) {
        m_quotas_non_negative = 1;
        for (const ResourceNode& n : nodes)
            for (const auto& [f, q] : n.subtree)
                if (q < Amount::of(0)) m_quotas_non_negative = 0;
    }
    return m_quotas_non_negative == 1;
}

void Snapshot::begin_journal() {
    m_journal.undo.clear();
    m_journal.on = true;
}

void Snapshot::rollback() {
    for (auto it = m_journal.undo.rbegin(); it != m_journal.undo.rend(); ++it) {
        auto& usage = nodes[it->node].usage;
        auto cur = usage.find(it->fr);
        if (cur != usage.end() && far(cur->second)) --m_far_usage;
        over_moved(it->node, it->fr, cur != usage.end() ? cur->second : 0, it->before.value_or(0));
        if (it->before) {
            usage[it->fr] = *it->before;
            if (far(*it->before)) ++m_far_usage;
        } else {
            usage.erase(it->fr);
        }
        nodes[it->node].drs_valid = false;
        usage_moved(it->node);
    }
    m_journal.undo.clear();
    m_journal.on = false;
}

// R6.3 (resource_node.go addUsage / removeUsage).
void Snapshot::add_usage(int n, const FR& f, std::int64_t v) {
    std::int64_t before = usage(n, f);
    set_own_usage(n, f, model::saturating_add(before, v));
    int p = nodes[n].parent;
    if (p < 0) return;
    Amount local_before = amax0(guaranteed(n, f).sub(Amount::of(before)));
    Amount up = amax0(Amount::of(v).sub(local_before));
    if (up.value() != 0) add_usage(p, f, up.value());
}

void Snapshot::remove_usage(int n, const FR& f, std::int64_t v) {
    std::int64_t before = usage(n, f);
    set_own_usage(n, f, model::saturating_sub(before, v));
    int p = nodes[n].parent;
    if (p < 0) return;
    Amount stored = Amount::of(before).sub(guaranteed(n, f));
    Amount down = amin(Amount::of(v), stored);
    if (Amount::of(0) < down) remove_usage(p, f, down.value());
}

void Snapshot::add_usage(int cq, const FRAmounts& u) {
    for (const auto& [f, v] : u) add_usage(cq, f, v);
}

void Snapshot::remove_usage(int cq, const FRAmounts& u) {
    for (const auto& [f, v] : u) remove_usage(cq, f, v);
}

void Snapshot::add_workload(const WorkloadInfo& wl) { add_workload(wl, find_cq(wl.cluster_queue)); }

void Snapshot::add_workload(const WorkloadInfo& wl, int cq) {
    if (wl.id != WorkloadIds::none) workloads[wl.id] = {&wl, cq};
    if (cq < 0) return;
    add_usage(cq, wl.usage);
    nodes[cq].workloads.push_back(&wl);
    ++nodes[cq].members;
}

void Snapshot::remove_workload(WorkloadIds::Id id) {
    auto it = workloads.find(id);
    if (it == workloads.end()) return;
    remove_workload(*it->second.info, it->second.cq);
}

void Snapshot::remove_workload(const WorkloadInfo& wl, int cq) {
    if (cq < 0) return;
    auto& list = nodes[cq].workloads;
    auto pos = std::find(list.begin(), list.end(), &wl);
    if (pos == list.end()) return;
    list.erase(pos);
    ++nodes[cq].removed;
    remove_usage(cq, wl.usage);
}

void Snapshot::restore_workload(WorkloadIds::Id id) {
    auto it = workloads.find(id);
    if (it == workloads.end()) return;
    restore_workload(*it->second.info, it->second.cq);
}

void Snapshot::restore_workload(const WorkloadInfo& wl, int cq) {
    if (cq < 0) return;
    auto& list = nodes[cq].workloads;
    if (std::find(list.begin(), list.end(), &wl) != list.end()) return;
    list.push_back(&wl);
    --nodes[cq].removed;
    add_usage(cq, wl.usage);
}

int Snapshot::forget_workload(WorkloadIds::Id id) {
    auto it = workloads.find(id);
    if (it == workloads.end()) return -1;
    int cq = it->second.cq;
    if (cq >= 0) {
        // Gone for good: whether it leaves now or a search had already taken it out, it is no
        // longer outstanding.
        remove_workload(*it->second.info, cq);
        --nodes[cq].removed;
        ++nodes[cq].members;
    }
    workloads.erase(it);
    return cq;
}

std::string Snapshot::path(int n) const {
    std::vector<std::string> parts;
    for (int x = n; x >= 0; x = nodes[x].parent) parts.push_back(nodes[x].name);
    std::string out;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) out += "/" + *it;
    return out;
}

}  // namespace kg::sim
