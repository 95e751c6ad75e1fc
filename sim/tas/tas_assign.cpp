// Kueue: pkg/scheduler/flavorassigner/tas_flavorassigner.go, flavorassigner.go (assignFlavors),
// pkg/cache/scheduler/clusterqueue_snapshot.go, tas_flavor_snapshot.go
// (FindTopologyAssignmentsForFlavor), pkg/scheduler/scheduler.go (updateAssignmentForTAS).
#include "sim/tas/tas_assign.h"

#include <algorithm>
#include <tuple>
#include <set>

namespace kg::sim::tas {

bool tas_only(const TasState& st, const ResourceNode& cq) {
    for (const auto& g : cq.groups)
        for (const auto& f : g.flavors)
            if (!st.flavor(f)) return false;
    return true;
}

namespace {

bool tas_requested(const TasState& st, const ResourceNode& cq, const model::PodSet& ps) {
    return explicitly_requests_tas(ps) || tas_only(st, cq);
}

const model::PodSet* model_pod_set(const WorkloadInfo& wl, const std::string& name) {
    for (const auto& ps : wl.obj->pod_sets)
        if (*ps.name == name) return &ps;
    return nullptr;
}

struct Request {
    std::size_t index;  ///< in Assignment::pod_sets
    std::string flavor;
    PlacementRequest req;
};

// HasProvRequestAdmissionCheck / HasMultiKueueAdmissionCheck of the ClusterQueue.
bool delays_topology(const model::Cluster& cl, const ResourceNode& cq, const WorkloadInfo& wl, const std::string& flavor) {
    bool has_reservation = wl.obj->condition_true("QuotaReserved");
    for (const auto& rule : cq.cq->admission_checks) {
        const auto* ac = cl.find_admission_check(*rule.name);
        if (!ac) continue;
        if (ac->controller_name == "kueue.x-k8s.io/multikueue") return true;
        if (ac->controller_name != "kueue.x-k8s.io/provisioning-request" || has_reservation) continue;
        if (rule.on_flavors.empty()) return true;
        for (const auto& f : rule.on_flavors)
            if (*f == flavor) return true;
    }
    return false;
}

// WorkloadsTopologyRequests: the TAS requests of the pod sets, by flavor.
std::vector<Request> topology_requests(const TasState& st, const model::Cluster& cl, const ResourceNode& cq,
                                       const WorkloadInfo& wl, Assignment& a) {
    std::vector<Request> out;
    bool only = tas_only(st, cq);
    for (std::size_t i = 0; i < a.pod_sets.size(); ++i) {
        PodSetAssignment& psa = a.pod_sets[i];
        const model::PodSet* ps = model_pod_set(wl, psa.name);
        if (!ps || !tas_requested(st, cq, *ps) || !psa.error.empty() || psa.count == 0 || psa.topology) continue;
        std::set<std::string> tas_flavors;
        for (const auto& [res, fc] : psa.flavors)
            if (st.flavor(fc.flavor)) tas_flavors.insert(fc.flavor);
        if (tas_flavors.empty()) {
            psa.error = "no TAS flavor assigned";
            continue;
        }
        if (tas_flavors.size() > 1) {
            std::string names;
            for (const auto& f : tas_flavors) names += (names.empty() ? "" : ", ") + f;
            psa.error = "more than one TAS flavor assigned: [" + names + "]";
            continue;
        }
        const std::string& flavor = *tas_flavors.begin();
        if (delays_topology(cl, cq, wl, flavor)) {
            psa.delayed_topology = "Pending";
            continue;
        }
        PlacementRequest r;
        r.pod_set = psa.name;
        r.request = ps->topology_request ? &*ps->topology_request : nullptr;
        r.spec = &ps->template_spec;
        r.per_pod = single_pod_requests(*ps);
        r.count = psa.count;
        r.implied = !explicitly_requests_tas(*ps) && only;
        out.push_back({i, flavor, std::move(r)});
    }
    return out;
}

/// For `explain`: who records, for which workload and ClusterQueue.
struct Tracer {
    ExplainRecorder* recorder = nullptr;
    std::string workload, cluster_queue;
};

// The admitted workloads holding usage below `domain` (an id at the requested level), most first.
std::vector<TopologyHolder> domain_holders(const TasState& st, const TasFlavor& f, const std::string& domain, int level) {
    auto at = f.per_level[level].find(domain);
    if (at == f.per_level[level].end()) return {};
    std::vector<TopologyHolder> out;
    for (const auto& key : st.holders()) {
        TopologyHolder h{key, {}};
        for (const auto& u : st.held(key)) {
            if (u.flavor != f.flavor) continue;
            auto leaf = f.leaf_by_id.find(u.domain);
            if (leaf == f.leaf_by_id.end()) continue;
            int d = f.leaves[leaf->second].domain;
            while (d >= 0 && f.domains[d].level > level) d = f.domains[d].parent;
            if (d != at->second) continue;
            for (const auto& [r, v] : u.amounts) h.amounts[r] += v;
        }
        if (!h.amounts.empty()) out.push_back(std::move(h));
    }
    std::stable_sort(out.begin(), out.end(), [](const TopologyHolder& a, const TopologyHolder& b) {
        auto pods = [](const TopologyHolder& h) { auto it = h.amounts.find("pods"); return it == h.amounts.end() ? 0 : it->second; };
        return pods(a) > pods(b);
    });
    return out;
}

// One placement, recorded for `explain` with what would unblock it: a failed `required`
// request placed again as `preferred` on the same usage, and who holds the best domain.
PlacementResult traced_placement(const Tracer& t, const TasState& st, const TasFlavor& f, const LeafUsage* usage,
                                 const DomainUsage& assumed, const PlacementRequest& req) {
    TopologyFitRecord rec;
    PlacementResult res = find_placement(f, usage, assumed, req, &rec.trace);
    rec.workload = t.workload;
    rec.cluster_queue = t.cluster_queue;
    rec.pod_set = req.pod_set;
    rec.flavor = f.flavor;
    rec.topology = f.topology;
    std::tie(rec.kind, rec.level) = request_kind_and_level(f, req);
    rec.count = req.count;
    rec.per_pod = req.per_pod;
    rec.empty_cluster = usage == nullptr;
    rec.fits = res.assignment.has_value();
    rec.failure = res.failure;
    if (!rec.fits && !rec.trace.levels.empty()) {
        const TopologyLevelFit& at = rec.trace.levels.back();
        if (!at.domains.empty()) {
            rec.best_domain = at.domains.front().id;
            if (usage)
                rec.best_domain_holders =
                    domain_holders(st, f, rec.best_domain, static_cast<int>(rec.trace.levels.size()) - 1);
            if (!rec.best_domain_holders.empty()) {
                // Whether their leaving would be enough: the same placement without them.
                TasState without = st;
                for (const auto& h : rec.best_domain_holders) without.remove(h.workload);
                rec.fits_without_holders =
                    find_placement(f, &without.leaf_usage(f), assumed, req).assignment.has_value();
            }
        }
        if (req.request && req.request->required) {
            model::PodSetTopologyRequest preferred = *req.request;
            preferred.preferred = preferred.required;
            preferred.required.reset();
            PlacementRequest again = req;
            again.request = &preferred;
            TopologyPlacementTrace tr;
            rec.preferred_fits = find_placement(f, usage, assumed, again, &tr).assignment.has_value();
            rec.as_preferred = std::move(tr);
        }
    }
    t.recorder->topology_fit(rec);
    return res;
}

struct Outcome {
    std::map<std::size_t, model::TopologyAssignment> placed;
    std::optional<std::pair<std::size_t, std::string>> failure;  ///< first failing pod set
};

void add_assumed(DomainUsage& assumed, const PlacementRequest& r, const model::TopologyAssignment& ta) {
    for (const auto& d : ta.domains) {
        auto& u = assumed[domain_id(d.values)];
        for (const auto& [res, v] : r.per_pod) u[res] += v * d.count;
        u["pods"] += d.count;
    }
}

// FindTopologyAssignmentsForWorkload: flavors by name; hostname-level flavors share the
// assumed usage of the workload's earlier pod sets (TASHandleOverlappingFlavors); within a
// flavor the first failure ends that flavor's search.
Outcome place_all(const TasState& st, const std::vector<Request>& reqs, bool simulate_empty,
                  const Tracer* tracer = nullptr) {
    Outcome out;
    std::set<std::string> flavors;
    for (const auto& r : reqs) flavors.insert(r.flavor);
    DomainUsage shared;
    for (const auto& name : flavors) {
        const TasFlavor* f = st.flavor(name);
        DomainUsage own;
        DomainUsage& assumed = f->lowest_is_hostname ? shared : own;
        for (const auto& r : reqs) {
            if (r.flavor != name) continue;
            const LeafUsage* u = simulate_empty ? nullptr : &st.leaf_usage(*f);
            PlacementResult res = tracer ? traced_placement(*tracer, st, *f, u, assumed, r.req)
                                         : find_placement(*f, u, assumed, r.req);
            if (!res.assignment) {
                if (!out.failure || r.index < out.failure->first) out.failure = {r.index, res.failure};
                break;
            }
            add_assumed(assumed, r.req, *res.assignment);
            out.placed[r.index] = std::move(*res.assignment);
        }
    }
    return out;
}

void set_mode(PodSetAssignment& psa, GMode m) {
    for (auto& [res, fc] : psa.flavors) fc.mode = m;
}

}  // namespace

std::string flavor_mismatch(const TasState& st, const ResourceNode& cq, const model::PodSet& ps,
                            const model::ResourceFlavor& rf, const ResourceGroupInfo& g) {
    const std::string name = *rf.meta.name;
    if (tas_requested(st, cq, ps)) {
        if (!explicitly_requests_tas(ps)) return "";  // TAS-only ClusterQueue
        if (rf.topology_name.empty()) {
            for (const auto& [res, v] : single_pod_requests(ps))
                if (std::find(g.covered.begin(), g.covered.end(), res) != g.covered.end())
                    return "Flavor \"" + name + "\" does not support TopologyAwareScheduling";
            return "";
        }
        const TasFlavor* f = st.flavor(name);
        if (!f) return "Flavor \"" + name + "\" information missing in TAS cache";
        if (!has_levels(*f, *ps.topology_request)) return "Flavor \"" + name + "\" does not contain the requested level";
        return "";
    }
    if (!rf.topology_name.empty()) return "Flavor \"" + name + "\" supports only TopologyAwareScheduling";
    return "";
}

void assign_topology(const TasState& st, const model::Cluster& cl, const ResourceNode& cq, const WorkloadInfo& wl,
                     Assignment& a, ExplainRecorder* recorder) {
    if (st.empty() || a.mode() == Mode::no_fit) return;
    std::vector<Request> reqs = topology_requests(st, cl, cq, wl, a);
    std::optional<Tracer> tracer;
    if (recorder && recorder->wants_topology(wl.key)) tracer = Tracer{recorder, wl.key, cq.name};
    const Tracer* t = tracer ? &*tracer : nullptr;
    if (a.mode() == Mode::fit) {
        Outcome o = place_all(st, reqs, false, t);
        if (o.failure) {
            PodSetAssignment& psa = a.pod_sets[o.failure->first];
            psa.reasons.push_back(o.failure->second);
            set_mode(psa, GMode::preempt);
        } else {
            for (auto& [i, ta] : o.placed) a.pod_sets[i].topology = std::move(ta);
        }
    }
    if (a.mode() == Mode::preempt) {
        Outcome o = place_all(st, reqs, true, t);
        if (o.failure) {
            PodSetAssignment& psa = a.pod_sets[o.failure->first];
            if (psa.reasons.empty()) psa.reasons.push_back(o.failure->second);
            set_mode(psa, GMode::no_fit);
        } else {
            for (const auto& r : reqs)
                if (!a.pod_sets[r.index].reasons.empty()) set_mode(a.pod_sets[r.index], GMode::preempt);
        }
    }
}

void reserve_topology(const TasState& st, const model::Cluster& cl, const ResourceNode& cq, const WorkloadInfo& wl,
                      Assignment& a, const TasState* current) {
    if (st.empty() || a.mode() != Mode::preempt) return;
    bool explicit_tas = false;
    for (const auto& ps : wl.obj->pod_sets) explicit_tas = explicit_tas || explicitly_requests_tas(ps);
    if (!explicit_tas && !tas_only(st, cq)) return;
    std::vector<Request> reqs = topology_requests(st, cl, cq, wl, a);
    Outcome o = place_all(current ? *current : st, reqs, current == nullptr);
    for (auto& [i, ta] : o.placed) a.pod_sets[i].topology = std::move(ta);
}

bool placement_fits(const TasState& st, const WorkloadInfo& wl, const Assignment& a) {
    // Reads the usage in place: this runs for every entry of every cycle.
    for (const auto& psa : a.pod_sets) {
        if (!psa.topology) continue;
        const model::PodSet* ps = model_pod_set(wl, psa.name);
        if (!ps) continue;
        ResourceAmounts one = single_pod_requests(*ps);
        one["pods"] += 1;
        for (const auto& [res, fc] : psa.flavors) {
            const TasFlavor* f = st.flavor(fc.flavor);
            if (!f) continue;
            const DomainUsage& usage = st.usage_for(*f);
            for (const auto& d : psa.topology->domains) {
                auto leaf = f->leaf_by_id.find(domain_id(d.values));
                if (leaf == f->leaf_by_id.end()) return false;
                const ResourceAmounts& free = f->leaves[leaf->second].free;
                auto used = usage.find(leaf->first);
                ResourceAmounts remaining;
                for (const auto& [r, v] : one) {
                    auto x = free.find(r);
                    std::int64_t left = x == free.end() ? 0 : x->second;
                    if (used != usage.end())
                        if (auto u = used->second.find(r); u != used->second.end()) left -= u->second;
                    remaining[r] = left;
                }
                if (count_pods(one, remaining) < d.count) return false;
            }
        }
    }
    return true;
}

bool has_topology_requests(const TasState& st, const ResourceNode& cq, const WorkloadInfo& wl, const Assignment& a) {
    for (const auto& psa : a.pod_sets) {
        const model::PodSet* ps = model_pod_set(wl, psa.name);
        if (ps && psa.count > 0 && tas_requested(st, cq, *ps)) return true;
    }
    return false;
}

bool fits_without_removed(const TasState& st, const model::Cluster& cl, const Snapshot& snap, const WorkloadIds& ids,
                          int cq, const WorkloadInfo& wl, const Assignment& a) {
    TasState view = st;
    for (const auto& key : view.holders()) {
        auto it = snap.workloads.find(ids.find(key));
        if (it == snap.workloads.end() || it->second.cq < 0) continue;
        const auto& members = snap.nodes[it->second.cq].workloads;
        if (std::find(members.begin(), members.end(), it->second.info) == members.end()) view.remove(key);
    }
    Assignment copy = a;
    for (auto& psa : copy.pod_sets) psa.topology.reset();
    std::vector<Request> reqs = topology_requests(view, cl, snap.nodes[cq], wl, copy);
    return !place_all(view, reqs, false).failure;
}

std::vector<DomainRequest> assignment_usage(const TasState& st, const WorkloadInfo& wl, const Assignment& a) {
    std::vector<DomainRequest> out;
    for (const auto& psa : a.pod_sets) {
        if (!psa.topology) continue;
        const model::PodSet* ps = model_pod_set(wl, psa.name);
        if (!ps) continue;
        std::map<std::string, std::string> flavors;
        for (const auto& [res, fc] : psa.flavors) flavors[res] = fc.flavor;
        auto u = usage_of(st, *ps, flavors, *psa.topology);
        out.insert(out.end(), u.begin(), u.end());
    }
    return out;
}

}  // namespace kg::sim::tas
