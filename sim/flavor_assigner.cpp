// Flavor assignment: kueue-admission.md §5.3-§5.7 (R5.3.2-R5.7.4).
// Kueue: pkg/scheduler/flavorassigner/flavorassigner.go (assignFlavors,
// findFlavorForPodSets, fitsResourceQuota, isPreferred, shouldTryNextFlavor).
#include "sim/flavor_assigner.h"

#include "sim/tas/tas_assign.h"
#include "sim/workload_info.h"

#include <algorithm>

namespace kg::sim {

const char* gmode_name(GMode m) {
    switch (m) {
    case GMode::no_fit: return "noFit";
    case GMode::no_candidates: return "noCandidates";
    case GMode::preempt: return "preempt";
    case GMode::reclaim: return "reclaim";
    case GMode::fit: return "fit";
    }
    return "noFit";
}

Mode public_mode(GMode m) {
    switch (m) {
    case GMode::no_fit: return Mode::no_fit;
    case GMode::fit: return Mode::fit;
    default: return Mode::preempt;
    }
}

Mode PodSetAssignment::mode() const {
    if (reasons.empty() && error.empty()) return Mode::fit;
    if (!error.empty() || flavors.empty()) return Mode::no_fit;
    Mode m = Mode::fit;
    for (const auto& [res, fc] : flavors) m = std::min(m, public_mode(fc.mode));
    return m;
}

Mode Assignment::mode() const {
    if (pod_sets.empty()) return Mode::no_fit;
    Mode m = Mode::fit;
    for (const auto& ps : pod_sets) m = std::min(m, ps.mode());
    return m;
}

std::string Assignment::message() const {
    for (const auto& ps : pod_sets)
        if (!ps.error.empty()) return "failed to assign flavors to pod set " + ps.name + ": " + ps.error;
    std::string out;
    for (const auto& ps : pod_sets) {
        if (ps.mode() == Mode::fit) continue;
        std::vector<std::string> r = ps.reasons;
        std::sort(r.begin(), r.end());
        std::string joined;
        for (const auto& x : r) joined += (joined.empty() ? "" : ", ") + x;
        if (!out.empty()) out += "; ";
        out += "couldn't assign flavors to pod set " + ps.name + ": " + joined;
    }
    return out;
}

FRSet Assignment::frs_needing_preemption() const {
    FRSet out;
    for (const auto& ps : pod_sets)
        for (const auto& [res, fc] : ps.flavors)
            if (public_mode(fc.mode) == Mode::preempt) out.insert({fc.flavor, res});
    return out;
}

std::vector<std::int32_t> Assignment::counts() const {
    std::vector<std::int32_t> out;
    for (const auto& ps : pod_sets) out.push_back(ps.count);
    return out;
}

ScanProgress Assignment::progress() const {
    ScanProgress out;
    for (std::size_t i = 0; i < pod_sets.size(); ++i)
        for (const auto& [res, fc] : pod_sets[i].flavors) out[{i, res}] = fc.tried_index;
    return out;
}

bool covers_pods(const ResourceNode& cq) {
    for (const auto& g : cq.groups)
        if (std::find(g.covered.begin(), g.covered.end(), "pods") != g.covered.end()) return true;
    return false;
}

namespace {

struct Attempt {
    GMode mode = GMode::no_fit;
    int level = 0;
};

// R5.5.3 isPreferred: is `a` preferred over the best so far `b`.
bool preferred(const Attempt& a, const Attempt& b, model::FungibilityPreference pref) {
    if (a.mode == GMode::no_fit) return false;
    if (b.mode == GMode::no_fit) return true;
    if (a.mode == GMode::no_candidates && b.mode != GMode::no_candidates) return false;
    if (b.mode == GMode::no_candidates && a.mode != GMode::no_candidates) return true;
    if (pref == model::FungibilityPreference::preemption_over_borrowing) {
        if (a.level != b.level) return a.level < b.level;
        return a.mode > b.mode;
    }
    if (a.mode != b.mode) return a.mode > b.mode;
    return a.level < b.level;
}

// R5.5.4 shouldTryNextFlavor.
bool try_next_flavor(const Attempt& a, const model::FlavorFungibility& ff) {
    if (a.mode == GMode::no_fit || a.mode == GMode::no_candidates) return true;
    if ((a.mode == GMode::preempt || a.mode == GMode::reclaim) &&
        ff.when_can_preempt == model::WhenCanPreempt::try_next_flavor)
        return true;
    if (a.level > 0 && ff.when_can_borrow == model::WhenCanBorrow::try_next_flavor) return true;
    return false;
}

std::string effect_name(model::TaintEffect e) {
    switch (e) {
    case model::TaintEffect::no_schedule: return "NoSchedule";
    case model::TaintEffect::prefer_no_schedule: return "PreferNoSchedule";
    case model::TaintEffect::no_execute: return "NoExecute";
    default: return "";
    }
}

// R5.5.1 step 1: taints. Returns the reason or "".
std::string untolerated_taint(const model::ResourceFlavor& rf, const model::PodSpec& spec) {
    for (const auto& t : rf.node_taints) {
        if (t.effect != model::TaintEffect::no_schedule && t.effect != model::TaintEffect::no_execute) continue;
        if (model::tolerated(t, spec.tolerations, rf.tolerations)) continue;
        return "untolerated taint {" + t.key + " " + t.value + " " + effect_name(t.effect) + " <nil>} in flavor " +
               *rf.meta.name;
    }
    return "";
}

// R5.5.2: node selection restricted to the flavor's label keys.
bool matches_flavor_labels(const model::ResourceFlavor& rf, const model::PodSpec& spec) {
    model::Labels rf_labels;
    for (const auto& [k, v] : rf.node_labels) rf_labels[k] = *v;
    model::Labels selector;
    for (const auto& [k, v] : spec.node_selector)
        if (rf_labels.count(k)) selector[k] = v;
    std::optional<model::NodeAffinity> affinity;
    if (spec.node_affinity && !spec.node_affinity->required_terms.empty()) {
        model::NodeAffinity filtered;
        bool drop = false;
        for (const auto& term : spec.node_affinity->required_terms) {
            model::NodeSelectorTerm t;
            for (const auto& e : term.match_expressions)
                if (rf_labels.count(*e.key)) t.match_expressions.push_back(e);
            if (t.match_expressions.empty()) drop = true;
            filtered.required_terms.push_back(std::move(t));
        }
        if (!drop) affinity = std::move(filtered);
    }
    return model::node_matches(rf_labels, selector, affinity);
}

struct SearchResult {
    std::map<std::string, FlavorChoice> flavors;
    std::vector<std::string> reasons;
    bool fit = false;
    std::string category;
};

class Assigner {
public:
    explicit Assigner(const AssignerInput& in) : m_in(in), m_snap(*in.snapshot), m_node(in.snapshot->nodes[in.cq]) {}

    // R5.4.1 fitsResourceQuota.
    FlavorChoice fits_quota(const std::string& pod_set, const FR& f, std::int64_t assumed, std::int64_t request,
                            std::vector<std::string>& reasons, std::string& category) {
        std::size_t before = reasons.size();
        FlavorChoice out = fits_quota_impl(f, assumed, request, reasons, category);
        if (m_in.recorder) {
            FlavorFitRecord r;
            r.workload = m_in.wl->key;
            r.cluster_queue = m_node.name;
            r.pod_set = pod_set;
            r.flavor = f.flavor();
            r.resource = f.resource();
            r.assumed = assumed;
            r.request = request;
            r.available = m_snap.available(m_in.cq, f);
            r.potential = m_snap.potential_available(m_in.cq, f);
            r.nominal = m_snap.nominal(m_in.cq, f);
            r.mode = out.mode;
            r.borrowing_level = out.level;
            if (reasons.size() > before) r.reason = reasons.back();
            m_in.recorder->flavor_fit(r);
        }
        return out;
    }

    FlavorChoice fits_quota_impl(const FR& f, std::int64_t assumed, std::int64_t request,
                                 std::vector<std::string>& reasons, std::string& category) {
        FlavorChoice out;
        out.flavor = f.flavor();
        std::int64_t val = model::saturating_add(assumed, request);
        const std::string& res = f.resource();
        Amount pa = m_snap.potential_available(m_in.cq, f);
        if (pa < Amount::of(val)) {
            reasons.push_back("insufficient quota for " + res + " in flavor " + f.flavor() +
                              ", previously considered podsets requests (" + model::format_amount(res, Amount::of(assumed)) +
                              ") + current podset request (" + model::format_amount(res, Amount::of(request)) +
                              ") > maximum capacity (" + model::format_amount(res, pa) + ")");
            out.mode = GMode::no_fit;
            category = "ExceedsMaxQuota";
            return out;
        }
        auto [level, may_reclaim] = m_snap.lowest_fitting_subtree(m_in.cq, f, val);
        Amount avail = m_snap.available(m_in.cq, f);
        if (!(avail < Amount::of(val))) {
            out.mode = GMode::fit;
            out.level = level;
            return out;
        }
        Amount more = Amount::of(val).sub(avail);
        reasons.push_back("insufficient unused quota for " + res + " in flavor " + f.flavor() + ", " +
                          model::format_amount(res, more) + " more needed");
        const auto& pre = m_node.cq->preemption;
        bool bwc = pre.borrow_within_cohort->policy != model::BorrowWithinCohortPolicy::never;
        bool fs_reclaim = m_in.fair_sharing && *pre.reclaim_within_cohort != model::ReclaimWithinCohort::never;
        if (!(m_snap.nominal(m_in.cq, f) < Amount::of(val)) || may_reclaim || (!m_in.fair_sharing && bwc) || fs_reclaim) {
            if (m_in.oracle) {
                auto [mode, lvl] = m_in.oracle(f, val);
                out.mode = mode;
                out.level = lvl;
                return out;
            }
        }
        out.mode = GMode::no_fit;
        out.level = level;
        category = "WaitingForQuota";
        return out;
    }

    // R5.5.1 for one resource group.
    SearchResult search(std::size_t ps_index, const PodSetInfo& ps, const ResourceGroupInfo& g,
                        const std::vector<std::string>& resources, const model::ResourceAmounts& totals,
                        const FRAmounts& assumed, const model::ResourceAmounts* probe) {
        SearchResult r;
        Attempt best;
        std::map<std::string, FlavorChoice> best_flavors;
        const auto& ff = m_node.cq->flavor_fungibility;
        std::string least_category;
        std::size_t start = 0;
        if (m_in.resume && !resources.empty()) {
            // R5.5.6: the search for this pod set resumes after the flavor recorded for the resource
            // that triggers it (flavorassigner.go NextFlavorToTryForPodSetResource).
            auto it = m_in.resume->find({ps_index, resources.front()});
            if (it != m_in.resume->end() && it->second >= 0) start = static_cast<std::size_t>(it->second) + 1;
        }
        int attempted = -1;
        for (std::size_t idx = start; idx < g.flavors.size(); ++idx) {
            const std::string& fname = g.flavors[idx];
            attempted = static_cast<int>(idx);
            if (m_in.restrict_to) {
                bool skip = false;
                for (const auto& res : resources) {
                    auto it = m_in.restrict_to->find({ps.name, res});
                    if (it != m_in.restrict_to->end() && it->second != fname) {
                        r.reasons.push_back("skipping flavor " + fname +
                                            " as it is not found in the nomination mapping for resource " + res);
                        skip = true;
                        break;
                    }
                }
                if (skip) continue;
            }
            const auto* rf = m_in.cluster->find_resource_flavor(fname);
            if (!rf) {
                r.reasons.push_back("flavor " + fname + " not found");
                least_category = least_category.empty() ? "NoMatchingFlavor" : least_category;
                continue;
            }
            if (m_in.tas && ps_index < m_in.wl->obj->pod_sets.size()) {
                std::string why = tas::flavor_mismatch(*m_in.tas, m_node, m_in.wl->obj->pod_sets[ps_index], *rf, g);
                if (!why.empty()) {
                    r.reasons.push_back(why);
                    least_category = least_category.empty() ? "NoMatchingFlavor" : least_category;
                    continue;
                }
            }
            if (auto t = untolerated_taint(*rf, *ps.spec); !t.empty()) {
                r.reasons.push_back(t);
                least_category = least_category.empty() ? "NoMatchingFlavor" : least_category;
                continue;
            }
            if (!matches_flavor_labels(*rf, *ps.spec)) {
                r.reasons.push_back("flavor " + fname + " doesn't match node affinity");
                least_category = least_category.empty() ? "NoMatchingFlavor" : least_category;
                continue;
            }
            if (probe) {
                // A zero-count pod set prefers flavors where one pod would fit (findFlavorForPodSets probeRequests).
                bool probe_fails = false;
                for (const auto& res : resources) {
                    auto it = probe->find(res);
                    if (it == probe->end()) continue;
                    Amount pa = m_snap.potential_available(m_in.cq, {fname, res});
                    if (pa < Amount::of(it->second)) {
                        r.reasons.push_back("insufficient quota for " + res + " in flavor " + fname +
                                            ", one pod per zero-count podset request (" +
                                            model::format_amount(res, Amount::of(it->second)) + ") > maximum capacity (" +
                                            model::format_amount(res, pa) + ")");
                        probe_fails = true;
                    }
                }
                if (probe_fails) continue;
            }
            Attempt a{GMode::fit, 0};
            std::map<std::string, FlavorChoice> choice;
            for (const auto& res : resources) {
                FR f{fname, res};
                std::int64_t as = 0;
                if (auto it = assumed.find(f); it != assumed.end()) as = it->second;
                std::string cat;
                FlavorChoice fc = fits_quota(ps.name, f, as, totals.at(res), r.reasons, cat);
                if (!cat.empty() && (least_category.empty() || least_category == "NoMatchingFlavor" ||
                                     (least_category == "ExceedsMaxQuota" && cat == "WaitingForQuota")))
                    least_category = cat;
                // The flavor's representative mode is the worst one under the preference.
                Attempt cur{fc.mode, fc.level};
                if (preferred(a, cur, ff.preference)) a = cur;
                if (a.mode == GMode::no_fit) continue;
                choice[res] = fc;
            }
            if (a.mode == GMode::no_fit) choice.clear();
            if (try_next_flavor(a, ff)) {
                if (preferred(a, best, ff.preference)) {
                    best = a;
                    best_flavors = std::move(choice);
                }
                continue;
            }
            best = a;
            best_flavors = std::move(choice);
            break;
        }
        r.category = least_category.empty() ? "NoMatchingFlavor" : least_category;
        if (best.mode == GMode::no_fit) return r;
        r.flavors = std::move(best_flavors);
        int tried = attempted == static_cast<int>(g.flavors.size()) - 1 ? -1 : attempted;
        for (auto& [res, fc] : r.flavors) fc.tried_index = tried;
        if (best.mode == GMode::fit) {
            r.fit = true;
            r.reasons.clear();
        }
        return r;
    }

    Assignment run(const std::vector<std::int32_t>& counts) {
        Assignment out;
        const WorkloadInfo& wl = *m_in.wl;
        bool pods = covers_pods(m_node);
        bool ignore_undeclared = m_in.cluster->kueue_config && m_in.cluster->kueue_config->quota_check_ignore_undeclared;
        int category_rank = -1;
        static const char* k_rank[] = {"WaitingForQuota", "ExceedsMaxQuota", "NoMatchingFlavor"};
        auto rank = [&](const std::string& c) {
            for (int i = 0; i < 3; ++i)
                if (c == k_rank[i]) return i;
            return 0;
        };
        for (std::size_t i = 0; i < wl.pod_sets.size(); ++i) {
            const PodSetInfo& ps = wl.pod_sets[i];
            PodSetAssignment psa;
            psa.name = ps.name;
            psa.count = counts[i];
            psa.requests = pod_set_totals_at(ps, counts[i], pods);
            bool failed = false;
            for (const auto& res : model::kueue_resource_order(psa.requests)) {
                if (psa.flavors.count(res)) continue;
                const ResourceGroupInfo* g = nullptr;
                for (const auto& grp : m_node.groups)
                    if (std::find(grp.covered.begin(), grp.covered.end(), res) != grp.covered.end()) g = &grp;
                if (!g) {
                    if (psa.requests.at(res) == 0 || ignore_undeclared) continue;
                    psa.flavors.clear();
                    psa.reasons = {"resource " + res + " unavailable in ClusterQueue"};
                    category_rank = std::max(category_rank, rank("NoMatchingFlavor"));
                    failed = true;
                    break;
                }
                std::vector<std::string> group_res;
                for (const auto& r2 : model::kueue_resource_order(psa.requests))
                    if (std::find(g->covered.begin(), g->covered.end(), r2) != g->covered.end()) group_res.push_back(r2);
                SearchResult sr;
                if (counts[i] == 0) {
                    model::ResourceAmounts probe = pod_set_totals_at(ps, 1, pods);
                    sr = search(i, ps, *g, group_res, psa.requests, out.usage, &probe);
                }
                if (counts[i] != 0 || sr.flavors.empty()) sr = search(i, ps, *g, group_res, psa.requests, out.usage, nullptr);
                if (sr.flavors.empty()) {
                    psa.flavors.clear();
                    psa.reasons = sr.reasons;
                    category_rank = std::max(category_rank, rank(sr.category));
                    failed = true;
                    break;
                }
                for (auto& [r2, fc] : sr.flavors) psa.flavors[r2] = std::move(fc);
                psa.reasons.insert(psa.reasons.end(), sr.reasons.begin(), sr.reasons.end());
            }
            if (!failed) {
                for (const auto& [res, fc] : psa.flavors) {
                    FR f{fc.flavor, res};
                    out.usage[f] = model::saturating_add(out.usage[f], psa.requests.at(res));
                    out.borrowing = std::max(out.borrowing, fc.level);
                }
            }
            out.pod_sets.push_back(std::move(psa));
            if (failed) break;
        }
        out.no_fit_reason = category_rank < 0 ? "WaitingForQuota" : k_rank[category_rank];
        if (m_in.tas) tas::assign_topology(*m_in.tas, *m_in.cluster, m_node, wl, out, m_in.recorder);
        return out;
    }

private:
    const AssignerInput& m_in;
    const Snapshot& m_snap;
    const ResourceNode& m_node;
};

}  // namespace

Assignment assign_flavors(const AssignerInput& in, const std::vector<std::int32_t>& counts) {
    Assigner a(in);
    return a.run(counts);
}

}  // namespace kg::sim
