// Kueue: pkg/cache/scheduler/tas_flavor.go, snapshot.go, pkg/workload/workload.go.
#include "sim/tas/tas_state.h"

#include "model/amount.h"

#include <set>

namespace kg::sim::tas {

TasState::TasState(const model::Cluster& cl)
    : m_flavors(std::make_shared<const std::map<std::string, TasFlavor>>(build_tas_flavors(cl))) {}

const TasFlavor* TasState::flavor(const std::string& name) const {
    if (!m_flavors) return nullptr;
    auto it = m_flavors->find(name);
    return it == m_flavors->end() ? nullptr : &it->second;
}

DomainUsage TasState::usage_for(const TasFlavor& f) const {
    if (!f.lowest_is_hostname) {
        auto it = m_usage.find(f.flavor);
        return it == m_usage.end() ? DomainUsage{} : it->second;
    }
    DomainUsage out;
    for (const auto& [name, other] : *m_flavors) {
        if (!other.lowest_is_hostname) continue;
        auto it = m_usage.find(name);
        if (it == m_usage.end()) continue;
        for (const auto& [d, a] : it->second)
            for (const auto& [r, v] : a) out[d][r] = model::saturating_add(out[d][r], v);
    }
    return out;
}

void TasState::apply(const std::vector<DomainRequest>& u, std::int64_t sign) {
    for (const auto& d : u)
        for (const auto& [r, v] : d.amounts) {
            auto& x = m_usage[d.flavor][d.domain][r];
            x = model::saturating_add(x, sign * v);
        }
}

void TasState::add(const std::string& key, const std::vector<DomainRequest>& u) {
    if (u.empty()) return;
    remove(key);
    apply(u, 1);
    m_by_key[key] = u;
}

std::vector<DomainRequest> TasState::held(const std::string& key) const {
    auto it = m_by_key.find(key);
    return it == m_by_key.end() ? std::vector<DomainRequest>{} : it->second;
}

std::vector<std::string> TasState::holders() const {
    std::vector<std::string> out;
    for (const auto& [k, u] : m_by_key) out.push_back(k);
    return out;
}

void TasState::remove(const std::string& key) {
    auto it = m_by_key.find(key);
    if (it == m_by_key.end()) return;
    apply(it->second, -1);
    m_by_key.erase(it);
}

void TasState::begin() {
    if (!empty()) m_saved.emplace(m_usage, m_by_key);
}

void TasState::rollback() {
    if (!m_saved) return;
    m_usage = std::move(m_saved->first);
    m_by_key = std::move(m_saved->second);
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
