// Kueue: pkg/cache/scheduler/tas_flavor.go, snapshot.go, pkg/workload/workload.go.
#include "sim/tas/tas_state.h"

#include "model/amount.h"

#include <set>

namespace kg::sim::tas {

TasState::TasState(const model::Cluster& cl)
    : m_flavors(std::make_shared<const std::map<std::string, TasFlavor>>(build_tas_flavors(cl))) {
    for (const auto& [name, f] : *m_flavors) m_now.leaves[name].assign(f.leaves.size() * f.resources.size(), 0);
}

const TasFlavor* TasState::flavor(const std::string& name) const {
    if (!m_flavors) return nullptr;
    auto it = m_flavors->find(name);
    return it == m_flavors->end() ? nullptr : &it->second;
}

const DomainUsage& TasState::usage_for(const TasFlavor& f) const {
    static const DomainUsage k_none;
    if (f.lowest_is_hostname) return m_now.hostname;
    auto it = m_now.by_flavor.find(f.flavor);
    return it == m_now.by_flavor.end() ? k_none : it->second;
}

const LeafUsage& TasState::leaf_usage(const TasFlavor& f) const {
    static const LeafUsage k_none;
    auto it = m_now.leaves.find(f.flavor);
    return it == m_now.leaves.end() ? k_none : it->second;
}

// The amounts go to the flavor, to the hostname sum when the flavor's lowest level is the
// hostname, and to the dense usage of every flavor that reads them: the flavor itself, or
// every hostname flavor with that host (TASHandleOverlappingFlavors).
void TasState::apply(const std::vector<DomainRequest>& u, std::int64_t sign) {
    for (const auto& d : u) {
        const TasFlavor* f = flavor(d.flavor);
        for (const auto& [r, v] : d.amounts) {
            auto& x = m_now.by_flavor[d.flavor][d.domain][r];
            x = model::saturating_add(x, sign * v);
            if (f && f->lowest_is_hostname) {
                auto& h = m_now.hostname[d.domain][r];
                h = model::saturating_add(h, sign * v);
            }
        }
        if (!f) continue;
        for (auto& [name, dense] : m_now.leaves) {
            const TasFlavor& g = m_flavors->at(name);
            if (g.flavor != f->flavor && !(g.lowest_is_hostname && f->lowest_is_hostname)) continue;
            auto leaf = g.leaf_by_id.find(d.domain);
            if (leaf == g.leaf_by_id.end()) continue;
            for (const auto& [r, v] : d.amounts) {
                int i = g.resource_index(r);
                if (i < 0) continue;
                auto& x = dense[static_cast<std::size_t>(leaf->second) * g.resources.size() + static_cast<std::size_t>(i)];
                x = model::saturating_add(x, sign * v);
            }
        }
    }
}

void TasState::add(const std::string& key, const std::vector<DomainRequest>& u) {
    if (u.empty()) return;
    remove(key);
    apply(u, 1);
    m_now.by_key[key] = u;
}

std::vector<DomainRequest> TasState::held(const std::string& key) const {
    auto it = m_now.by_key.find(key);
    return it == m_now.by_key.end() ? std::vector<DomainRequest>{} : it->second;
}

std::vector<std::string> TasState::holders() const {
    std::vector<std::string> out;
    for (const auto& [k, u] : m_now.by_key) out.push_back(k);
    return out;
}

void TasState::remove(const std::string& key) {
    auto it = m_now.by_key.find(key);
    if (it == m_now.by_key.end()) return;
    apply(it->second, -1);
    m_now.by_key.erase(it);
}

void TasState::begin() {
    if (!empty()) m_saved.emplace(m_now);
}

void TasState::rollback() {
    if (!m_saved) return;
    m_now = std::move(*m_saved);
    m_saved.reset();
}

ResourceAmounts single_pod_requests(const model::PodSet& ps) { return model::pod_requests(ps.template_spec); }

std::vector<DomainRequest> usage_of(const TasState& st, const model::PodSet& ps,
                                    const std::map<std::string, std::string>& flavors,
                                    const model::TopologyAssignment& ta) {
    std::vector<DomainRequest> out;
    ResourceAmounts one = single_pod_requests(ps);
    std::set<std::string> seen;
    for (const auto& [res, fl] : flavors) {
        if (!seen.insert(fl).second || !st.flavor(fl)) continue;
        for (const auto& d : ta.domains) {
            DomainRequest r{fl, domain_id(d.values), model::scale_amounts(one, d.count)};
            r.amounts["pods"] += d.count;
            out.push_back(std::move(r));
        }
    }
    return out;
}

std::vector<DomainRequest> admitted_usage(const TasState& st, const model::Workload& wl) {
    std::vector<DomainRequest> out;
    if (st.empty() || !wl.admission) return out;
    for (const auto& psa : wl.admission->pod_set_assignments) {
        if (!psa.topology_assignment) continue;
        for (const auto& ps : wl.pod_sets) {
            if (*ps.name != psa.name) continue;
            auto u = usage_of(st, ps, psa.flavors, *psa.topology_assignment);
            out.insert(out.end(), u.begin(), u.end());
        }
    }
    return out;
}

}  // namespace kg::sim::tas
