// Helpers the policy file's section readers share (model/policy.cpp, model/purpose_decode.cpp),
// so every section refuses unknown keys with the same file:line:col wording.
#pragma once

#include "model/diagnostic.h"
#include "model/policy.h"
#include "model/yaml/node.h"

#include <initializer_list>
#include <string_view>

namespace kg::model::policy_read {

/// Reports each key of `m` not in `known` ("unknown key "x" in WHERE (did you mean …) (expected one of …)").
void check_keys(const yaml::Node& m, std::initializer_list<std::string_view> known, std::string_view where,
                DiagSink& diags);
/// A sequence of strings with their positions; a non-string item is a diagnostic.
std::vector<Located<std::string>> string_list(const yaml::Node* n, DiagSink& diags, std::string_view field);

/// Reads `purposes:` and `customPurposes:` of the policy document `doc` into `p.purposes`.
void read_purposes(const yaml::Node& doc, GovernancePolicy& p, DiagSink& diags);

}  // namespace kg::model::policy_read
