// Kueue: pkg/cache/scheduler/tas_flavor_snapshot.go (findTopologyAssignment, fillInCounts,
// fillLeafCounts, fillInCountsHelper, findLevelWithFitDomains, updateCountsToMinimumGeneric,
// findBestFitDomainBy, sortedDomains, buildAssignment, buildSliceSizeAtLevel, levelKey),
// pkg/cache/scheduler/scheduling_simulator_default.go (FindFeasibleNodes), pkg/resources
// CountInWithLimitingResource. The state below is Kueue's domainState without the leader
// fields: with no leader they equal the plain pod and slice counts.
#include "sim/tas/tas_placement.h"

#include "sim/tas/tas_messages.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <tuple>

namespace kg::sim::tas {

std::vector<model::SliceConstraint> slice_constraints(const model::PodSetTopologyRequest* r) {
    if (!r) return {};
    if (!r->slice_constraints.empty()) return r->slice_constraints;
    if (!r->slice_required_topology) return {};
    return {{*r->slice_required_topology, r->slice_size.value_or(0)}};
}

bool explicitly_requests_tas(const model::PodSet& ps) {
    const auto& r = ps.topology_request;
    return r && (r->unconstrained || r->required || r->preferred || r->slice_required_topology || r->slice_size ||
                 !r->slice_constraints.empty());
}

namespace {

bool slice_only(const model::PodSetTopologyRequest* r) {
    return r && !r->required && !r->preferred && !slice_constraints(r).empty();
}

// levelKey: required, preferred, slice-only (highest level), unconstrained (lowest level).
std::optional<std::string> level_key(const TasFlavor& f, const model::PodSetTopologyRequest* r) {
    if (!r) return std::nullopt;
    if (r->required) return *r->required;
    if (r->preferred) return *r->preferred;
    if (slice_only(r)) return f.levels.front();
    if (r->unconstrained.value_or(false)) return f.levels.back();
    return std::nullopt;
}

// CountIn for one resource: how many times `per_pod` fits in `cap` (any number when zero).
// The division is skipped where the answer is plain (no room; `pods`, one per pod): this runs
// for every requested resource of every leaf of every placement.
std::int32_t count_in_one(std::int64_t cap, std::int64_t per_pod) {
    if (per_pod == 0) return INT32_MAX;
    if (per_pod > 0 && cap < per_pod) return 0;
    std::int64_t n = per_pod == 1 ? cap : cap / per_pod;
    return static_cast<std::int32_t>(std::max<std::int64_t>(0, std::min<std::int64_t>(n, INT32_MAX)));
}

// CountIn: the fewest any requested resource allows; by name, so ties go to the first name, as
// Kueue breaks them. Placer::fill_leaf reads the same on the dense capacity.
std::pair<std::int32_t, std::string> count_in(const ResourceAmounts& req, const ResourceAmounts& cap) {
    std::optional<std::int32_t> result;
    std::string limiting;
    for (const auto& [r, v] : req) {
        auto it = cap.find(r);
        std::int32_t n = count_in_one(it == cap.end() ? 0 : it->second, v);
        if (!result || n < *result) {
            result = n;
            limiting = r;
        }
    }
    return {result.value_or(0), limiting};
}

struct State {
    std::int32_t pods = 0;
    std::int32_t slices = 0;
};

class Placer {
public:
    Placer(const TasFlavor& f, const PlacementRequest& req, TopologyPlacementTrace* trace)
        : m_f(f), m_req(req), m_st(f.domains.size()), m_trace(trace) {
        if (m_trace) m_free.resize(f.domains.size());
    }

    PlacementResult run(const LeafUsage* usage, const DomainUsage& assumed);

private:
    const TasFlavor& m_f;
    const PlacementRequest& m_req;
    std::vector<State> m_st;
    ExclusionStats m_stats;
    std::int32_t m_slice_size = 1;
    int m_slice_level = 0;
    std::map<int, std::int32_t> m_size_at_level;
    bool m_required = false;
    bool m_unconstrained = false;
    TopologyPlacementTrace* m_trace = nullptr;
    std::vector<ResourceAmounts> m_free;  ///< tracing only: requested resources free per domain
    /// One pod's requests (with `pods`) in name order, as CountIn reads them, each with its
    /// index in the flavor's dense resources (-1: no leaf has it).
    struct Want {
        const std::string* name;
        std::int64_t per_pod;
        int index;
        int limited_leaves = 0;  ///< leaves where this resource allows no pod (folded into m_stats)
    };
    std::vector<Want> m_want;
    /// `assumed` in the flavor's dense form (leaves x resources), empty when nothing is assumed.
    std::vector<std::int64_t> m_taken;

    void trace_counts(int requested);
    void trace_fit(int fit_level, const std::vector<int>& fit);

    bool least_free() const { return m_unconstrained; }  // TASProfileMixed on
    int cmp_values(int a, int b) const;
    struct OrderKey {
        std::uint64_t counts;  ///< slices (flipped unless LeastFreeCapacity) above pods
        int rank;              ///< value_rank
        bool operator<(const OrderKey& o) const { return counts != o.counts ? counts < o.counts : rank < o.rank; }
    };
    OrderKey order_key(int d) const;
    std::vector<int> sorted(std::vector<int> ds) const;
    int first_sorted(const std::vector<int>& ds, std::int32_t min_slices) const;
    int best_fit_slices(const std::vector<int>& ds, std::int32_t needed) const;
    int best_fit(const std::vector<int>& ds, std::size_t from, std::int32_t needed, bool slices) const;
    void fill_leaf(const Leaf& leaf, std::size_t leaf_idx, const LeafUsage* usage, const DomainUsage& assumed);
    void fill_helper(int d, int level);
    std::vector<int> to_minimum(const std::vector<int>& ds, std::int32_t count, std::int32_t slice_size, bool slices);
    std::string not_fit(int level, std::int32_t fit, std::int32_t total) const;
    bool find_level(int level, int& fit_level, std::vector<int>& out, std::string& reason);
    std::string size_at_levels();
};

// The domains compared are of one level, so siblings share every value but the last and the
// order of the full values (precomputed as value_rank) is also Kueue's order of hostnames.
int Placer::cmp_values(int a, int b) const {
    int x = m_f.value_rank[a], y = m_f.value_rank[b];
    return x < y ? -1 : (y < x ? 1 : 0);
}

// sortedDomains: slices descending (ascending for LeastFreeCapacity), pods ascending, values.
// The domains sorted are of one level, whose values are unique, so the order is total: an
// unstable sort gives Kueue's (stable) order, and the first domain in that order can be found
// without sorting (first_sorted). order_key packs the order into one comparable value.
Placer::OrderKey Placer::order_key(int d) const {
    // Counts are >= 0; flipping the slice count makes "more slices first" ascending.
    auto slices = static_cast<std::uint32_t>(m_st[d].slices);
    if (!least_free()) slices = UINT32_MAX - slices;
    return {(std::uint64_t{slices} << 32) | static_cast<std::uint32_t>(m_st[d].pods), m_f.value_rank[d]};
}

std::vector<int> Placer::sorted(std::vector<int> ds) const {
    std::vector<std::pair<OrderKey, int>> keyed;
    keyed.reserve(ds.size());
    for (int d : ds) keyed.emplace_back(order_key(d), d);
    std::sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::size_t i = 0; i < ds.size(); ++i) ds[i] = keyed[i].second;
    return ds;
}

// The first domain of sorted(ds) whose slice count is at least `min_slices` (-1: none).
int Placer::first_sorted(const std::vector<int>& ds, std::int32_t min_slices) const {
    int best = -1;
    OrderKey best_key{};
    for (int d : ds) {
        if (m_st[d].slices < min_slices) continue;
        OrderKey k = order_key(d);
        if (best < 0 || k < best_key) {
            best = d;
            best_key = k;
        }
    }
    return best;
}

// best_fit(sorted(ds), 0, needed, true) without sorting: of the domains with at least `needed`
// slices the fewest, and among those the first in sortedDomains order (pods, then values).
int Placer::best_fit_slices(const std::vector<int>& ds, std::int32_t needed) const {
    int best = -1;
    for (int d : ds) {
        if (m_st[d].slices < needed) continue;
        if (best < 0 || std::tie(m_st[d].slices, m_st[d].pods, m_f.value_rank[d]) <
                            std::tie(m_st[best].slices, m_st[best].pods, m_f.value_rank[best]))
            best = d;
    }
    return best;
}

// findBestFitDomainBy: the first domain with the smallest count still >= needed, else the first.
int Placer::best_fit(const std::vector<int>& ds, std::size_t from, std::int32_t needed, bool slices) const {
    int best = ds[from];
    std::int32_t best_count = INT32_MAX;
    for (std::size_t i = from; i < ds.size(); ++i) {
        std::int32_t c = slices ? m_st[ds[i]].slices : m_st[ds[i]].pods;
        if (c >= needed && c < best_count) {
            best = ds[i];
            best_count = c;
        }
    }
    return best;
}

// fillLeafCounts (after the simulator's node filters), on the flavor's dense capacity: this
// runs for every leaf of every pod set placed, so it touches no map: what the workload's
// earlier pod sets took (`assumed`) is read in the same dense form (m_taken), except for a
// resource no leaf has, which is looked up by name. CountIn as count_in reads it, on this leaf.
void Placer::fill_leaf(const Leaf& leaf, std::size_t leaf_idx, const LeafUsage* usage, const DomainUsage& assumed) {
    const std::size_t width = m_f.resources.size();
    const std::int64_t* free = m_f.free_dense.data() + leaf_idx * width;
    const std::int64_t* used = usage && !usage->empty() ? usage->data() + leaf_idx * width : nullptr;
    const std::int64_t* taken = m_taken.empty() ? nullptr : m_taken.data() + leaf_idx * width;
    std::int32_t n = 0;
    Want* limiting = nullptr;
    for (Want& w : m_want) {
        std::int64_t x = 0;
        if (w.index >= 0) {
            x = free[w.index];
            if (used) x -= used[w.index];
            if (taken) x -= taken[w.index];
        } else if (taken) {
            if (auto d = assumed.find(m_f.domains[leaf.domain].id); d != assumed.end())
                if (auto it = d->second.find(*w.name); it != d->second.end()) x -= it->second;
        }
        if (m_trace) m_free[leaf.domain][*w.name] = std::max<std::int64_t>(x, 0);
        std::int32_t k = count_in_one(x, w.per_pod);
        if (!limiting || k < n) {
            n = k;
            limiting = &w;
        }
        if (n == 0 && !m_trace) break;  // no later resource can lower it or become the limit
    }
    m_st[leaf.domain].pods = n;
    if (n == 0 && limiting) ++limiting->limited_leaves;
}

// fillInCountsHelper without leaders; inner slice layers round each child down.
void Placer::fill_helper(int d, int level) {
    State& s = m_st[d];
    const int* first = m_f.child_list.data() + m_f.child_start[d];
    const int* last = m_f.child_list.data() + m_f.child_start[d + 1];
    if (first == last) {
        if (level == m_slice_level) s.slices = s.pods / m_slice_size;
        return;
    }
    std::int32_t pods = 0, slices = 0;
    auto inner = m_size_at_level.find(level + 1);
    const std::int32_t inner_size = inner == m_size_at_level.end() ? 0 : inner->second;
    for (const int* c = first; c != last; ++c) {
        fill_helper(*c, level + 1);
        std::int32_t cp = m_st[*c].pods;
        if (inner_size) cp = (cp / inner_size) * inner_size;
        pods += cp;
        slices += m_st[*c].slices;
    }
    s.pods = pods;
    s.slices = level == m_slice_level ? pods / m_slice_size : slices;
}

// updateCountsToMinimumGeneric without leaders.
std::vector<int> Placer::to_minimum(const std::vector<int>& ds, std::int32_t count, std::int32_t slice_size, bool slices) {
    std::vector<int> out;
    std::int32_t remaining = slices ? count / slice_size : count;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        int d = ds[i];
        std::int32_t have = slices ? m_st[d].slices : m_st[d].pods;
        if (!least_free() && have >= remaining) {
            d = best_fit(ds, i, remaining, slices);  // optimize the last domain
            have = slices ? m_st[d].slices : m_st[d].pods;
        }
        State& s = m_st[d];
        if (have >= remaining) {
            s.pods = slices ? remaining * slice_size : remaining;
            if (slices) s.slices = remaining;
            out.push_back(d);
            return out;
        }
        if (slices) s.pods = s.slices * slice_size;
        remaining -= have;
        out.push_back(d);
    }
    return {};  // Kueue logs errCodeAssumptionsViolated and places nothing
}

std::string Placer::not_fit(int level, std::int32_t fit, std::int32_t total) const {
    if (m_size_at_level.empty()) return not_fit_message(m_f.topology, fit, total, m_slice_size, m_stats);
    // multiLayerNotFitMessage: the domain of the level with the most slices (ties: smallest id).
    int best = -1;
    for (const auto& [id, d] : m_f.per_level[level])
        if (best < 0 || m_st[d].slices > m_st[best].slices) best = d;
    std::vector<std::tuple<std::string, std::int32_t, std::int32_t>> fits;
    if (best >= 0) {
        for (const auto& c : slice_constraints(m_req.request)) {
            int target = m_f.level_index(c.topology);
            if (target < 0 || c.size <= 0) continue;
            std::int32_t n = 0;
            std::vector<int> frontier{best};
            for (int l = level; l < target; ++l) {
                std::vector<int> next;
                for (int x : frontier) next.insert(next.end(), m_f.domains[x].children.begin(), m_f.domains[x].children.end());
                frontier = std::move(next);
            }
            for (int x : frontier) n += m_st[x].pods / c.size;
            fits.emplace_back(c.topology, n, m_req.count / c.size);
        }
    }
    return multi_layer_not_fit_message(m_f.topology, best >= 0, fits, m_stats);
}

// findLevelWithFitDomains without leaders.
bool Placer::find_level(int level, int& fit_level, std::vector<int>& out, std::string& reason) {
    const auto& at = m_f.per_level[level];
    if (at.empty()) {
        reason = "no topology domains at level: " + m_f.levels[level];
        return false;
    }
    // The level's domains in sortedDomains order are needed only when no single domain fits;
    // until then the first (and best-fitting) domain is found in one pass.
    const std::vector<int>& all = m_f.level_domains[static_cast<std::size_t>(level)];
    std::int32_t slice_count = m_req.count / m_slice_size;
    if (least_free()) {
        if (int d = first_sorted(all, slice_count); d >= 0) {
            fit_level = level;
            out = {d};
            return true;
        }
    }
    int top = first_sorted(all, INT32_MIN);
    if (!least_free() && m_st[top].slices >= slice_count) top = best_fit_slices(all, slice_count);
    if (m_st[top].slices < slice_count) {
        if (m_required) {
            reason = not_fit(level, m_st[top].slices, slice_count);
            return false;
        }
        if (level > 0 && !m_unconstrained) return find_level(level - 1, fit_level, out, reason);
        std::vector<int> ds = sorted(all);
        std::int32_t remaining = slice_count;
        out.clear();
        for (std::size_t i = 0; remaining > 0 && i < ds.size(); ++i) {
            int d = ds[i];
            if (!least_free() && m_st[d].slices >= remaining) d = best_fit(ds, i, remaining, true);
            out.push_back(d);
            remaining -= m_st[d].slices;
        }
        if (remaining > 0) {
            reason = not_fit(level, slice_count - remaining, slice_count);
            return false;
        }
        fit_level = level;
        return true;
    }
    fit_level = level;
    out = {top};
    return true;
}

// For `explain`: the counts of every level down to the requested one, most room first, and
// the free amounts summed over the feasible leaves below each domain.
void Placer::trace_counts(int requested) {
    for (int l = static_cast<int>(m_f.levels.size()) - 1; l > 0; --l)  // bottom-up
        for (const auto& [id, d] : m_f.per_level[l])
            for (const auto& [r, v] : m_free[d]) m_free[m_f.domains[d].parent][r] += v;
    m_trace->levels.clear();
    for (int l = 0; l <= requested; ++l) {
        TopologyLevelFit lf;
        lf.level = m_f.levels[l];
        std::vector<int> ds;
        for (const auto& [id, d] : m_f.per_level[l]) ds.push_back(d);
        std::stable_sort(ds.begin(), ds.end(), [&](int a, int b) {
            if (m_st[a].slices != m_st[b].slices) return m_st[a].slices > m_st[b].slices;
            if (m_st[a].pods != m_st[b].pods) return m_st[a].pods > m_st[b].pods;
            return cmp_values(a, b) < 0;
        });
        for (int d : ds)
            lf.domains.push_back({m_f.domains[d].id, m_f.domains[d].values.back(), m_st[d].pods, m_st[d].slices, m_free[d]});
        m_trace->levels.push_back(std::move(lf));
    }
    // The scarcest requested resource in the requested level's best domain (count_in's limit).
    const auto& best = m_trace->levels.back().domains;
    if (!best.empty()) {
        ResourceAmounts per = m_req.per_pod;
        per["pods"] += 1;
        m_trace->limiting = count_in(per, best.front().free).second;
    }
}

void Placer::trace_fit(int fit_level, const std::vector<int>& fit) {
    m_trace->fit_level = fit_level;
    m_trace->fit_domains.clear();
    for (int d : fit) m_trace->fit_domains.push_back(m_f.domains[d].id);
}

// buildSliceSizeAtLevel: inner layers below the outermost one.
std::string Placer::size_at_levels() {
    auto layers = slice_constraints(m_req.request);
    std::int32_t prev_size = m_slice_size;
    int prev_level = m_slice_level;
    for (std::size_t i = 1; i < layers.size(); ++i) {
        int lvl = m_f.level_index(layers[i].topology);
        if (lvl < 0) return "no requested topology level for additional slice layer: " + layers[i].topology;
        if (lvl <= prev_level)
            return "additional slice layer topology " + layers[i].topology + " must be at a lower level than " +
                   m_f.levels[prev_level];
        if (layers[i].size <= 0 || prev_size % layers[i].size != 0)
            return "additional slice layer size " + std::to_string(layers[i].size) +
                   " must evenly divide parent layer size " + std::to_string(prev_size);
        for (int l = prev_level + 1; l <= lvl; ++l) m_size_at_level[l] = layers[i].size;
        prev_size = layers[i].size;
        prev_level = lvl;
    }
    return "";
}

PlacementResult Placer::run(const LeafUsage* usage, const DomainUsage& assumed) {
    const model::PodSetTopologyRequest* r = m_req.request;
    auto layers = slice_constraints(r);
    if (!layers.empty()) {
        if (layers[0].size <= 0) return {std::nullopt, "slice topology requested, but slice size not provided"};
        m_slice_size = layers[0].size;
    }
    m_required = r && r->required;
    m_unconstrained = (r && r->unconstrained.value_or(false)) || m_req.implied || slice_only(r);
    std::optional<std::string> key = level_key(m_f, r);
    if (!key && m_req.implied) key = m_f.levels.back();
    if (!key) return {std::nullopt, "topology level not specified"};
    int requested = m_f.level_index(*key);
    if (requested < 0) return {std::nullopt, "no requested topology level: " + *key};
    std::string slice_key = layers.empty() ? m_f.levels.back() : layers[0].topology;
    m_slice_level = m_f.level_index(slice_key);
    if (m_slice_level < 0) return {std::nullopt, "no requested topology level for slices: " + slice_key};
    if (requested > m_slice_level)
        return {std::nullopt, "podset slice topology " + slice_key + " is above the podset topology " + *key};
    if (std::string why = size_at_levels(); !why.empty()) return {std::nullopt, why};

    // Phase 1: pods (and slices) per domain.
    ResourceAmounts requests = m_req.per_pod;
    requests["pods"] += 1;
    for (const auto& [res, v] : requests) m_want.push_back({&res, v, m_f.resource_index(res), 0});
    if (!assumed.empty()) m_taken = leaf_usage(m_f, assumed);
    std::vector<model::Toleration> tolerations = m_req.spec->tolerations;
    tolerations.insert(tolerations.end(), m_f.tolerations.begin(), m_f.tolerations.end());
    // node_feasible passes an untainted node when the pod selects no labels: skip the call then.
    const auto& affinity = m_req.spec->node_affinity;
    const bool selects = !m_req.spec->node_selector.empty() || (affinity && !affinity->required_terms.empty());
    for (std::size_t i = 0; i < m_f.leaves.size(); ++i) {
        const Leaf& leaf = m_f.leaves[i];
        ++m_stats.total_nodes;
        if (m_f.lowest_is_hostname && leaf.node && (selects || leaf.tainted) &&
            !node_feasible(*leaf.node, *m_req.spec, tolerations, m_stats))
            continue;
        fill_leaf(leaf, i, usage, assumed);
    }
    for (const Want& w : m_want)
        if (w.limited_leaves > 0) m_stats.resources[*w.name] += w.limited_leaves;
    for (int root : m_f.roots) fill_helper(root, 0);
    if (m_trace) {
        m_trace->slice_size = m_slice_size;
        m_trace->slice_level = slice_key;
        trace_counts(requested);
    }

    // Phase 2a: the level and the domains that fit.
    int fit_level = 0;
    std::vector<int> fit;
    std::string reason;
    if (!find_level(requested, fit_level, fit, reason)) return {std::nullopt, reason};
    if (m_trace) trace_fit(fit_level, fit);
    // Phase 2b: down to the leaves.
    int last = static_cast<int>(m_f.levels.size()) - 1;
    fit = to_minimum(fit, m_req.count, m_slice_size, true);
    int cur = fit_level;
    for (; cur < std::min(last, m_slice_level); ++cur) {
        std::vector<int> lower;
        for (int d : fit) lower.insert(lower.end(), m_f.domains[d].children.begin(), m_f.domains[d].children.end());
        fit = to_minimum(sorted(std::move(lower)), m_req.count, m_slice_size, true);
    }
    for (; cur < last; ++cur) {
        std::int32_t size = m_slice_size;
        if (cur >= m_slice_level) {
            auto it = m_size_at_level.find(cur + 1);
            size = it == m_size_at_level.end() ? 1 : it->second;
        }
        std::vector<int> next;
        for (int d : fit) {
            std::vector<int> lower = sorted(m_f.domains[d].children);
            if (size > 1)
                for (int c : lower) m_st[c].slices = m_st[c].pods / size;
            auto add = to_minimum(lower, m_st[d].pods, size, size > 1);
            next.insert(next.end(), add.begin(), add.end());
        }
        fit = std::move(next);
    }
    // buildAssignment: leaves in level-value order; hostname topologies name only the host.
    std::sort(fit.begin(), fit.end(), [&](int a, int b) { return cmp_values(a, b) < 0; });
    std::size_t from = m_f.lowest_is_hostname ? m_f.levels.size() - 1 : 0;
    model::TopologyAssignment ta;
    ta.levels.assign(m_f.levels.begin() + static_cast<std::ptrdiff_t>(from), m_f.levels.end());
    for (int d : fit) {
        if (m_st[d].pods == 0) continue;
        const auto& v = m_f.domains[d].values;
        ta.domains.push_back({std::vector<std::string>(v.begin() + static_cast<std::ptrdiff_t>(from), v.end()), m_st[d].pods});
    }
    return {std::move(ta), ""};
}

}  // namespace

std::int32_t count_pods(const ResourceAmounts& req, const ResourceAmounts& cap) { return count_in(req, cap).first; }

bool has_levels(const TasFlavor& f, const model::PodSetTopologyRequest& r) {
    auto key = level_key(f, &r);
    if (!key || f.level_index(*key) < 0) return false;
    auto layers = slice_constraints(&r);
    if (f.level_index(layers.empty() ? f.levels.back() : layers[0].topology) < 0) return false;
    for (const auto& l : layers)
        if (f.level_index(l.topology) < 0) return false;
    return true;
}

PlacementResult find_placement(const TasFlavor& f, const LeafUsage* usage, const DomainUsage& assumed,
                               const PlacementRequest& req, TopologyPlacementTrace* trace) {
    Placer p(f, req, trace);
    return p.run(usage, assumed);
}

LeafUsage leaf_usage(const TasFlavor& f, const DomainUsage& u) {
    LeafUsage out(f.leaves.size() * f.resources.size(), 0);
    for (const auto& [id, amounts] : u) {
        auto leaf = f.leaf_by_id.find(id);
        if (leaf == f.leaf_by_id.end()) continue;
        for (const auto& [r, v] : amounts)
            if (int i = f.resource_index(r); i >= 0)
                out[static_cast<std::size_t>(leaf->second) * f.resources.size() + static_cast<std::size_t>(i)] += v;
    }
    return out;
}

std::pair<std::string, std::string> request_kind_and_level(const TasFlavor& f, const PlacementRequest& req) {
    const model::PodSetTopologyRequest* r = req.request;
    std::optional<std::string> key = level_key(f, r);
    if (!key && req.implied) key = f.levels.back();
    std::string kind = r && r->required ? "required"
                       : r && r->preferred ? "preferred"
                       : slice_only(r)     ? "slices"
                       : req.implied       ? "implied"
                                           : "unconstrained";
    return {kind, key.value_or("")};
}

}  // namespace kg::sim::tas
