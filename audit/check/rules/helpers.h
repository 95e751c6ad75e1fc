// Small texts shared by the history rules: how an object and an amount are named in messages.
#pragma once

#include "audit/check/rule.h"

#include <cstdint>
#include <string>

namespace kg::audit::check::rules {

/// `ClusterQueue "team-a"` or `LocalQueue "ml/default"`.
std::string describe(const std::string& kind, const std::string& namespace_, const std::string& name);

/// "created", "updated", "patched", "deleted"; other verbs as "<verb> applied".
std::string past_tense(const std::string& verb);

/// An amount in milli-units as a Kubernetes quantity: "500m" cpu, "64Gi" memory, "8" GPUs.
std::string format_milli(const std::string& resource, std::int64_t milli);

/// A duration in seconds as "4m12s", "2h0m5s", "45s".
std::string format_duration(std::int64_t seconds);

}  // namespace kg::audit::check::rules
