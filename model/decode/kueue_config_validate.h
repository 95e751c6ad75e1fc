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

/// Appends one issue per key of `obj` (a Configuration document) that the version does not
/// define, at the key with "did you mean": Kueue decodes its Configuration strictly and its
/// manager stops on an unknown field (kueue_config_fields.cpp).
void unknown_config_fields(const yaml::Node& obj, bool v1beta1, std::vector<ConfigIssue>& out);

}  // namespace kg::model::decode
