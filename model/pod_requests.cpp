// The Kubernetes pod-request formula (k8s.io/component-helpers/resource PodRequests)
// as Kueue applies it to pod set templates (pkg/workload/resources.go AdjustResources,
// pkg/workload/workload.go totalRequestsFromPodSets, pkg/resources/requests.go).
// Sums stay exact Quantities until the one conversion to amounts, as in Kueue.
#include "model/pod_requests.h"

#include "model/amount.h"

#include <algorithm>
#include <limits>

namespace kg::model {

namespace {

// An exact running sum; `over` once it left Quantity's range (then it is INT64_MAX as an amount).
struct Sum {
    Quantity q;
    bool over = false;
};
using Sums = std::map<std::string, Sum>;

void add_into(Sums& into, const std::string& name, const Sum& v) {
    Sum& cur = into[name];
    if (cur.over || v.over) {
        cur.over = true;
        return;
    }
    if (std::optional<Quantity> r = cur.q.checked_add(v.q)) {
        cur.q = *r;
    } else {
        cur.over = true;
    }
}

void add_into(Sums& into, const Sums& add) {
    for (const auto& [name, v] : add) {
        add_into(into, name, v);
    }
}

void add_into(Sums& into, const ResourceList& add) {
    for (const auto& [name, v] : add) {
        add_into(into, name, Sum{v.value, false});
    }
}

void max_into(Sums& into, const Sums& other) {
    for (const auto& [name, v] : other) {
        auto it = into.find(name);
        if (it == into.end()) {
            into.emplace(name, v);
        } else if (v.over || (!it->second.over && v.q > it->second.q)) {
            it->second = v;
        }
    }
}

// R2.1 step 3 without copying the spec: the requests, plus limits where no request is given.
Sums effective_requests(const ResourceList& requests, const ResourceList& limits) {
    Sums out;
    add_into(out, requests);
    for (const auto& [name, lim] : limits) {
        out.emplace(name, Sum{lim.value, false});
    }
    return out;
}

void fill_limits(ResourceList& requests, const ResourceList& limits) {
    for (const auto& [name, lim] : limits) {
        requests.emplace(name, lim);  // emplace keeps an existing request
    }
}

bool pod_level_resource(std::string_view name) {
    return name == "cpu" || name == "memory" || name.rfind("hugepages-", 0) == 0;
}

// Aggregates Kubernetes' field.ErrorList.ToAggregate().Error(): one message as is, several as "[a, b]".
std::string aggregate(const std::vector<std::string>& errs) {
    if (errs.size() == 1) {
        return errs.front();
    }
    std::string out = "[";
    for (std::size_t i = 0; i < errs.size(); ++i) {
        out += (i ? ", " : "") + errs[i];
    }
    return out + "]";
}

// Resource names whose request amount exceeds the limit amount, in R2.8 order, as a JSON list.
std::string greater_keys(const ResourceList& requests, const ResourceList& limits) {
    std::vector<std::string> names;
    for (const auto& [name, req] : requests) {
        auto lim = limits.find(name);
        if (lim != limits.end() && request_amount(name, req.value) > request_amount(name, lim->second.value)) {
            names.push_back(name);
        }
    }
    if (names.empty()) {
        return "";
    }
    std::sort(names.begin(), names.end(),
              [](const std::string& a, const std::string& b) { return kueue_resource_less(a, b); });
    std::string out = "[";
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i ? ",\"" : "\"") + names[i] + "\"";
    }
    return out + "]";
}

}  // namespace

PodSpec with_limits_as_requests(const PodSpec& spec) {
    PodSpec out = spec;
    for (Container& c : out.containers) {
        fill_limits(c.requests, c.limits);
    }
    for (Container& c : out.init_containers) {
        fill_limits(c.requests, c.limits);
    }
    fill_limits(out.pod_requests, out.pod_limits);
    return out;
}

ResourceAmounts pod_requests(const PodSpec& spec, PodsResource pods) {
    Sums reqs;
    for (const Container& c : spec.containers) {
        add_into(reqs, effective_requests(c.requests, c.limits));
    }
    // Sidecars (restartable init containers) run next to every later init container and the
    // main containers; a regular init container runs alone beside the sidecars started before it.
    Sums sidecars;
    Sums init_max;
    for (const Container& c : spec.init_containers) {
        Sums use = effective_requests(c.requests, c.limits);
        if (c.restart_policy == "Always") {
            add_into(reqs, use);
            add_into(sidecars, use);
            use = sidecars;
        } else {
            add_into(use, sidecars);
        }
        max_into(init_max, use);
    }
    max_into(reqs, init_max);
    // Pod-level requests (KEP-2837) replace the aggregate for the resources they support.
    Sums pod_level = effective_requests(spec.pod_requests, spec.pod_limits);
    bool pod_level_set = std::any_of(pod_level.begin(), pod_level.end(),
                                     [](const auto& kv) { return pod_level_resource(kv.first); });
    if (pod_level_set) {
        for (const auto& [name, v] : pod_level) {
            if (pod_level_resource(name)) {
                reqs[name] = v;
            }
        }
    }
    add_into(reqs, spec.overhead);

    ResourceAmounts out;
    for (const auto& [name, s] : reqs) {
        out[name] = s.over ? std::numeric_limits<std::int64_t>::max() : request_amount(name, s.q);
    }
    if (pods == PodsResource::include) {
        out["pods"] = 1;
    }
    return out;
}

std::int32_t effective_count(std::int32_t count, std::int32_t reclaimable) {
    return count - std::clamp(reclaimable, 0, std::max(count, 0));
}

std::int32_t effective_count(const Workload& wl, const PodSet& ps) {
    for (const ReclaimablePod& r : wl.reclaimable_pods) {
        if (r.name == *ps.name) {
            return effective_count(ps.count, r.count);
        }
    }
    return ps.count;
}

void drop_excluded_resources(ResourceAmounts& amounts, const std::vector<std::string>& prefixes) {
    if (prefixes.empty()) {
        return;
    }
    std::erase_if(amounts, [&prefixes](const auto& kv) {
        return std::any_of(prefixes.begin(), prefixes.end(),
                           [&kv](const std::string& p) { return kv.first.rfind(p, 0) == 0; });
    });
}

ResourceAmounts scale_amounts(const ResourceAmounts& per_pod, std::int32_t count) {
    ResourceAmounts out;
    for (const auto& [name, v] : per_pod) {
        out[name] = saturating_mul(v, count);
    }
    return out;
}

ResourceAmounts pod_set_totals(const PodSet& ps, std::int32_t count, PodsResource pods) {
    return scale_amounts(pod_requests(ps.template_spec, pods), count);
}

std::uint64_t fnv1a64(std::string_view s) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

bool kueue_resource_less(std::string_view a, std::string_view b) {
    std::uint64_t ha = fnv1a64(a);
    std::uint64_t hb = fnv1a64(b);
    return ha != hb ? ha < hb : a < b;
}

std::vector<std::string> kueue_resource_order(const ResourceAmounts& amounts) {
    std::vector<std::string> out;
    out.reserve(amounts.size());
    for (const auto& kv : amounts) {
        out.push_back(kv.first);
    }
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return kueue_resource_less(a, b); });
    return out;
}

std::string validate_requests_within_limits(const std::vector<PodSet>& pod_sets) {
    static constexpr std::string_view k_msg = ": requests must not exceed its limits";
    std::vector<std::string> errs;
    for (std::size_t i = 0; i < pod_sets.size(); ++i) {
        const PodSpec spec = with_limits_as_requests(pod_sets[i].template_spec);
        const std::string path = "spec.podSets[" + std::to_string(i) + "].template.spec.";
        auto check = [&](const std::vector<Container>& list, const char* field) {
            for (std::size_t c = 0; c < list.size(); ++c) {
                std::string keys = greater_keys(list[c].requests, list[c].limits);
                if (!keys.empty()) {
                    errs.push_back(path + field + "[" + std::to_string(c) + "]: Invalid value: " + keys +
                                   std::string(k_msg));
                }
            }
        };
        check(spec.init_containers, "initContainers");
        check(spec.containers, "containers");
        std::string keys = greater_keys(spec.pod_requests, spec.pod_limits);
        if (!keys.empty()) {
            errs.push_back(path + "resources: Invalid value: " + keys + std::string(k_msg));
        }
    }
    return errs.empty() ? "" : "resources validation failed: " + aggregate(errs);
}

}  // namespace kg::model
