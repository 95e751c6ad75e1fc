// What lint rules (KQ1xxx-KQ4xxx) and audit history rules (KQ5xxx) share: their static
// identity, and the lookup of a rule by id in a registry sorted by id.
#pragma once

#include "model/diagnostic.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace kg::model {

/// What a rule is about. Each family has its id range and its folder (lint/rules/<family>/,
/// audit/check/rules/ for history), so the id, the folder and this value agree; the renderers
/// read the family from here, never from the id.
enum class RuleFamily {
    validation,  ///< KQ1xxx: what the API server and Kueue's webhooks reject
    references,  ///< KQ2xxx: one object names another that is missing or wrong
    governance,  ///< KQ3xxx: who may use which quota (trust domains, queue bypass, accelerators)
    quota,       ///< KQ4xxx: quota settings that hold workloads back or starve a queue
    history,     ///< KQ5xxx: what happened, from the audit log (kueuegov audit check)
};

/// What a rule reads. lint passes each rule the cluster its scope names.
enum class RuleScope {
    /// One object's own fields, each definition as written: validation runs on every apply, so
    /// a replaced earlier definition is still reported (as the API server would have refused it).
    definition,
    /// Objects together, as applied: of several definitions of one object only the last
    /// (lint::applied_view), so a replaced definition never causes findings about others.
    applied,
    /// The evidence store's history (audit check), not manifests.
    history,
};

/// How many of a rule's findings are real problems, as SARIF's `precision` property states it
/// (GitHub code scanning sorts and filters by it).
enum class RulePrecision { very_high, high, medium, low };

/// A rule's identity and one-line texts. Ids are never reused or renumbered.
struct RuleInfo {
    const char* id;           ///< "KQ3101"
    const char* name;         ///< "cohort-spans-trust-domains"
    RuleFamily family;
    RuleScope scope;
    Severity severity;        ///< default; the policy's rules: section may override it
    const char* summary;      ///< one line, no final period
    const char* remediation;  ///< one or two sentences, ends with a period
    /// A generic check behind specific ones (the CRD schema behind the name and quantity
    /// rules): its finding is dropped where another rule reports at the same position.
    bool defers = false;
    /// The finding is a way around quota governance (quota reachable from another trust domain,
    /// jobs that skip the queue, policy changed by someone who does not own it): SARIF tags it
    /// "security" with a security-severity, so GitHub lists it among security alerts.
    bool security = false;
};

/// "validation", "references", "governance", "quota", "history".
const char* family_name(RuleFamily f);
/// "definition", "applied", "history".
const char* scope_name(RuleScope s);
/// "very-high", "high", "medium", "low" (SARIF's spelling).
const char* precision_name(RulePrecision p);
/// A family's precision: validation mirrors Kueue's own checks (what it rejects is rejected);
/// references, governance and history report facts of the inputs or the log; quota rules judge
/// settings Kueue accepts, which a team may have chosen on purpose.
RulePrecision rule_precision(const RuleInfo& r);

/// The rule with this id in `sorted` (a registry of rules with a `const RuleInfo* info`,
/// sorted by id), or nullptr.
template <class Rule>
const Rule* find_rule_by_id(const std::vector<Rule>& sorted, std::string_view id) {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), id,
                               [](const Rule& r, std::string_view v) { return std::string_view(r.info->id) < v; });
    return it != sorted.end() && it->info->id == id ? &*it : nullptr;
}

}  // namespace kg::model
