// What lint rules (KQ1xxx-KQ4xxx) and audit history rules (KQ5xxx) share: their static
// identity, and the lookup of a rule by id in a registry sorted by id.
#pragma once

#include "model/diagnostic.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace kg::model {

/// A rule's identity and one-line texts. Ids are never reused or renumbered.
struct RuleInfo {
    const char* id;           ///< "KQ3101"
    const char* name;         ///< "cohort-spans-trust-domains"
    Severity severity;        ///< default; the policy's rules: section may override it
    const char* summary;      ///< one line, no final period
    const char* remediation;  ///< one or two sentences, ends with a period
    /// A generic check behind specific ones (the CRD schema behind the name and quantity
    /// rules): its finding is dropped where another rule reports at the same position.
    bool defers = false;
};

/// The rule with this id in `sorted` (a registry of rules with a `const RuleInfo* info`,
/// sorted by id), or nullptr.
template <class Rule>
const Rule* find_rule_by_id(const std::vector<Rule>& sorted, std::string_view id) {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), id,
                               [](const Rule& r, std::string_view v) { return std::string_view(r.info->id) < v; });
    return it != sorted.end() && it->info->id == id ? &*it : nullptr;
}

}  // namespace kg::model
