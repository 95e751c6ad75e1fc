// What one pod of a pod set asks for, as Kueue computes it before quota checks
// (kueue-admission.md §2: R2.1 limits as requests, R2.2 the Kubernetes pod-request
// formula, R2.4 integer amounts, R2.5 totals, R2.7 `pods`, R2.8 resource order) and
// the request>limit check of R3.4. Used by the simulator on every pending workload.
#pragma once

#include "model/objects.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kg::model {

/// Per-resource int64 amounts (cpu in milli, others in units), ordered by name.
using ResourceAmounts = std::map<std::string, std::int64_t>;
using Amounts = ResourceAmounts;

/// R2.7: whether a target ClusterQueue covers `pods`, so each pod also requests one `pods`.
enum class PodsResource { omit, include };

/// R2.1 step 3 on a copy: every container, init container and the pod-level resources get
/// request = limit for each resource that has a limit but no request. Existing requests win.
/// RuntimeClass overhead and LimitRange defaults (R2.1 steps 1-2) are not applied: the model
/// carries neither object.
PodSpec with_limits_as_requests(const PodSpec& spec);

/// R2.1 + R2.2 + R2.4: the request of one pod, in amounts. Sums are exact (Quantity) and
/// converted once per resource, as Kueue converts the summed ResourceList; a sum beyond the
/// exact range saturates at INT64_MAX. Resources whose amount is 0 are kept (Kueue keeps them).
ResourceAmounts pod_requests(const PodSpec& spec, PodsResource pods = PodsResource::omit);

/// R2.6: count − min(reclaimable, count); `reclaimable` may be 0.
std::int32_t effective_count(std::int32_t count, std::int32_t reclaimable);
/// R2.6 for one pod set of a workload, reading status.reclaimablePods by pod set name.
std::int32_t effective_count(const Workload& wl, const PodSet& ps);

/// R2.3 first step: drops resources whose name starts with one of `prefixes`
/// (Configuration resources.excludeResourcePrefixes). Transformations are not modelled.
void drop_excluded_resources(ResourceAmounts& amounts, const std::vector<std::string>& prefixes);

/// R2.5: per-pod amounts × count with saturating multiplication; count 0 gives all zeros.
ResourceAmounts scale_amounts(const ResourceAmounts& per_pod, std::int32_t count);

/// pod_requests(ps.template_spec) × effective_count (R2.5, R2.7).
ResourceAmounts pod_set_totals(const PodSet& ps, std::int32_t effective_count,
                               PodsResource pods = PodsResource::omit);

/// R2.8: 64-bit FNV-1a of the name bytes.
std::uint64_t fnv1a64(std::string_view s);
/// R2.8: Kueue's resource iteration order: ascending FNV-1a hash, ties by name.
bool kueue_resource_less(std::string_view a, std::string_view b);
/// The keys of `amounts` in R2.8 order.
std::vector<std::string> kueue_resource_order(const ResourceAmounts& amounts);

/// R3.4 (pkg/workload/resources.go ValidateResources): after limits-as-requests, each
/// container, init container and pod-level resources whose request amount exceeds its limit.
/// Returns "" when valid, else Kueue's message, e.g.
/// `resources validation failed: spec.podSets[0].template.spec.containers[0]: Invalid value: ["cpu"]: requests must not exceed its limits`
/// (several errors are joined as `[e1, e2]`, as Kubernetes aggregates them).
std::string validate_requests_within_limits(const std::vector<PodSet>& pod_sets);

}  // namespace kg::model
