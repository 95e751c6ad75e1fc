// Kueue's start-up validation of its manager Configuration (pkg/config/validation.go).
#pragma once

#include "model/cluster.h"
#include "model/yaml/node.h"

#include <optional>
#include <vector>

namespace kg::model::decode {

/// What Kueue's manager refuses in this Configuration document; empty when it would start.
std::vector<ConfigIssue> validate_kueue_config(const yaml::Node& obj, bool v1beta1,
                                               const std::optional<LabelSelector>& managed_jobs_selector);

}  // namespace kg::model::decode
