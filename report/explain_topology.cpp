// Text and JSON for the TAS placements `explain` recorded. Every number comes from the
// record the simulator's placement filled in as it decided (sim/tas/tas_placement); this
// file only chooses words: level names, the resource to quote, how many domains to list.
#include "report/explain_topology.h"

#include "model/amount.h"
#include "report/escape.h"

#include <algorithm>

namespace kg::report {

using ordered_json = nlohmann::ordered_json;
using sim::TopologyFitRecord;
using sim::TopologyLevelFit;

namespace {

constexpr std::size_t k_text_domains = 8;  // per level in text; JSON lists them all

// "cloud.example.com/topology-rack" -> "rack", "kubernetes.io/hostname" -> "hostname".
std::string short_level(const std::string& label) {
    std::string s = label.substr(label.find_last_of('/') == std::string::npos ? 0 : label.find_last_of('/') + 1);
    auto dash = s.find_last_of('-');
    return dash == std::string::npos || dash + 1 == s.size() ? s : s.substr(dash + 1);
}

std::int64_t amount_of(const model::ResourceAmounts& a, const std::string& r) {
    auto it = a.find(r);
    return it == a.end() ? 0 : it->second;
}

std::string amount(const std::string& r, std::int64_t v) { return model::format_amount(r, model::Amount::of(v)); }

std::string amounts_text(const model::ResourceAmounts& a) {
    std::string out;
    for (const auto& [r, v] : a) out += (out.empty() ? "" : ", ") + r + "=" + amount(r, v);
    return out;
}

ordered_json amounts_json(const model::ResourceAmounts& a) {
    ordered_json j = ordered_json::object();
    for (const auto& [r, v] : a) j[r] = amount(r, v);
    return j;
}

std::string pods_text(std::int32_t n) { return std::to_string(n) + (n == 1 ? " pod" : " pods"); }

// The resource the sentence quotes: the scarcest one in the best domain.
std::string quoted_resource(const TopologyFitRecord& r) {
    if (!r.trace.limiting.empty()) return r.trace.limiting;
    return r.per_pod.empty() ? "pods" : r.per_pod.begin()->first;
}

std::int64_t needed_of(const TopologyFitRecord& r, const std::string& res) {
    return res == "pods" ? r.count : amount_of(r.per_pod, res) * r.count;
}

std::int32_t slices_needed(const TopologyFitRecord& r) {
    return r.trace.slice_size > 0 ? r.count / r.trace.slice_size : r.count;
}

bool level_fits(const TopologyFitRecord& r, const TopologyLevelFit& l) {
    return !l.domains.empty() && l.domains.front().slices >= slices_needed(r);
}

std::string free_list(const TopologyLevelFit& l, const std::string& res, std::size_t limit, bool with_pods) {
    std::string out;
    std::size_t shown = 0;
    for (const auto& d : l.domains) {
        if (shown++ == limit) {
            out += ", ... " + std::to_string(l.domains.size() - limit) + " more";
            break;
        }
        out += (out.empty() ? "" : ", ") + d.name + " " + amount(res, amount_of(d.free, res));
        if (with_pods) out += " (" + pods_text(d.pods) + ")";
    }
    return out.empty() ? "no domains" : out;
}

std::string name_of(const TopologyFitRecord& r, const std::string& id) {
    for (const auto& l : r.trace.levels)
        for (const auto& d : l.domains)
            if (d.id == id) return d.name;
    return id;
}

}  // namespace

const TopologyFitRecord* blocking_topology(const sim::Explanation& e) {
    for (bool empty : {false, true})
        for (const auto& r : e.topology)
            if (!r.fits && r.empty_cluster == empty) return &r;
    return nullptr;
}

std::string topology_summary(const TopologyFitRecord& r) {
    std::string res = quoted_resource(r);
    std::string lvl = r.level.empty() ? std::string("domain") : short_level(r.level);
    std::string out = amount(res, needed_of(r, res)) + " " + res + " needed within one " + lvl;
    if (r.trace.slice_size > 1)
        out += " (in slices of " + std::to_string(r.trace.slice_size) + " pods per " + short_level(r.trace.slice_level) + ")";
    if (r.kind != "required") out += " (" + r.kind + ")";
    if (r.fits) return out + "; fits";
    if (r.trace.levels.empty()) return out + "; " + r.failure;
    const TopologyLevelFit& at = r.trace.levels.back();
    out += "; free: " + free_list(at, res, k_text_domains, false) + " — ";
    out += level_fits(r, at) ? "a " + lvl + " has the room, but not on nodes the pods fit" : "no " + lvl + " fits";
    if (r.empty_cluster) out += ", even with nothing admitted";
    // The nearest higher level whose best domain has the room.
    for (std::size_t i = r.trace.levels.size() - 1; i-- > 0;) {
        const TopologyLevelFit& up = r.trace.levels[i];
        if (!level_fits(r, up)) continue;
        out += "; " + short_level(up.level) + " " + up.domains.front().name + " has " +
               amount(res, amount_of(up.domains.front().free, res)) + " free";
        break;
    }
    if (r.as_preferred)
        out += r.preferred_fits ? ", so `preferred` would admit" : "; `preferred` would not admit either";
    return out;
}

void render_topology_text(std::ostream& out, const sim::Explanation& e) {
    for (const TopologyFitRecord& r : e.topology) {
        bool on_usage_too = false;  // the empty-cluster retry of a placement shown already
        for (const TopologyFitRecord& o : e.topology)
            on_usage_too = on_usage_too || (r.empty_cluster && !o.empty_cluster && o.pod_set == r.pod_set && o.flavor == r.flavor);
        if (on_usage_too) {
            out << "    with nothing admitted: "
                << (r.fits ? "it fits, so only preemption can make room"
                           : "it does not fit either (" + escape_terminal(r.failure) + "), so preemption cannot help")
                << "\n";
            continue;
        }
        std::string res = quoted_resource(r);
        out << "  topology: pod set " << escape_terminal(r.pod_set) << " in flavor " << escape_terminal(r.flavor)
            << " (Topology " << escape_terminal(r.topology) << ")"
            << (r.empty_cluster ? ", placed as if nothing were admitted" : ", on the current usage") << ":\n";
        out << "    " << r.count << " x {" << escape_terminal(amounts_text(r.per_pod)) << "}, " << r.kind;
        if (!r.level.empty()) out << " " << escape_terminal(r.level);
        out << ": " << (r.fits ? "fits" : escape_terminal(r.failure)) << "\n";
        if (r.fits) continue;
        out << "    " << escape_terminal(topology_summary(r)) << "\n";
        for (std::size_t i = r.trace.levels.size(); i-- > 0;) {
            const TopologyLevelFit& l = r.trace.levels[i];
            out << "    " << escape_terminal(short_level(l.level)) << " (" << escape_terminal(l.level) << "), free "
                << escape_terminal(res) << ": " << escape_terminal(free_list(l, res, k_text_domains, true)) << " — "
                << (level_fits(r, l) ? "fits" : "no domain fits " + pods_text(r.count)) << "\n";
        }
        if (r.as_preferred && r.preferred_fits && r.as_preferred->fit_level >= 0) {
            const auto& fl = r.as_preferred->levels[static_cast<std::size_t>(r.as_preferred->fit_level)];
            std::string names;
            for (const auto& id : r.as_preferred->fit_domains) names += (names.empty() ? "" : ", ") + name_of(r, id);
            out << "    -> with `preferred` instead of `required` Kueue would place it in "
                << escape_terminal(short_level(fl.level)) << " " << escape_terminal(names) << "\n";
        }
        if (!r.best_domain.empty() && !r.best_domain_holders.empty()) {
            out << "    -> " << escape_terminal(short_level(r.level)) << " " << escape_terminal(name_of(r, r.best_domain))
                << " (most room) is used by:";
            for (const auto& h : r.best_domain_holders)
                out << " " << escape_terminal(h.workload) << " {" << escape_terminal(amounts_text(h.amounts)) << "}";
            out << "; " << (r.fits_without_holders ? "it fits once they release it" : "it would not fit even without them")
                << "\n";
        }
    }
}

ordered_json topology_json(const sim::Explanation& e) {
    ordered_json arr = ordered_json::array();
    auto trace_json = [](const TopologyFitRecord& r, const sim::TopologyPlacementTrace& t) {
        ordered_json levels = ordered_json::array();
        for (const auto& l : t.levels) {
            ordered_json ds = ordered_json::array();
            for (const auto& d : l.domains)
                ds.push_back({{"domain", d.id}, {"name", d.name}, {"pods", d.pods}, {"slices", d.slices},
                              {"free", amounts_json(d.free)}});
            levels.push_back({{"level", l.level}, {"fits", level_fits(r, l)}, {"domains", ds}});
        }
        return ordered_json{{"levels", levels},
                            {"fitLevel", t.fit_level >= 0 ? ordered_json(t.levels[static_cast<std::size_t>(t.fit_level)].level)
                                                          : ordered_json(nullptr)},
                            {"fitDomains", t.fit_domains}};
    };
    for (const TopologyFitRecord& r : e.topology) {
        ordered_json holders = ordered_json::array();
        for (const auto& h : r.best_domain_holders)
            holders.push_back({{"workload", h.workload}, {"amounts", amounts_json(h.amounts)}});
        ordered_json j{{"podSet", r.pod_set},
                       {"flavor", r.flavor},
                       {"topology", r.topology},
                       {"kind", r.kind},
                       {"level", r.level},
                       {"count", r.count},
                       {"perPod", amounts_json(r.per_pod)},
                       {"sliceSize", r.trace.slice_size},
                       {"sliceLevel", r.trace.slice_level},
                       {"emptyCluster", r.empty_cluster},
                       {"fits", r.fits},
                       {"failure", r.failure},
                       {"limitingResource", r.trace.limiting},
                       {"slicesNeeded", slices_needed(r)},
                       {"summary", topology_summary(r)}};
        j.update(trace_json(r, r.trace));
        if (r.as_preferred) {
            const sim::TopologyPlacementTrace& t = *r.as_preferred;
            j["asPreferred"] = {{"fits", r.preferred_fits},
                                {"fitLevel", t.fit_level >= 0 ? ordered_json(t.levels[static_cast<std::size_t>(t.fit_level)].level)
                                                              : ordered_json(nullptr)},
                                {"fitDomains", t.fit_domains}};
        } else {
            j["asPreferred"] = nullptr;
        }
        j["bestDomain"] = r.best_domain.empty() ? ordered_json(nullptr) : ordered_json(r.best_domain);
        j["bestDomainHolders"] = holders;
        j["fitsWithoutHolders"] = r.fits_without_holders;
        arr.push_back(std::move(j));
    }
    return arr;
}

}  // namespace kg::report
