// The shape every lint rule shares: static metadata (RuleInfo), the read-only
// inputs (RuleContext) and the sink it reports into (FindingSink). A rule is a
// pure function of the model and policy; the engine decides scope and suppression.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/finding.h"
#include "model/rule_info.h"
#include "model/policy.h"

#include <string>
#include <string_view>
#include <vector>

namespace kg::lint {

using model::Severity;
using model::SourcePos;

using model::RuleFamily;
using model::RuleInfo;
using model::RuleScope;

/// What a rule may read: the objects of this run, the policy, Kueue's manager settings
/// and the loader's input diagnostics (for KQ1000).
struct RuleContext {
    const model::Cluster& cluster;
    const model::GovernancePolicy& policy;  ///< empty policy when none was given
    const model::KueueConfig& kueue;        ///< --kueue-config, else policy kueue:, else a Configuration input, else defaults
    const std::vector<model::Diagnostic>& input_diags;
    /// The inputs are the whole cluster (--complete): a reference to a kind the inputs hold no
    /// object of is then an error too, not "not in the inputs". Never inferred: `kubectl get`
    /// lists only the kinds it is asked for, so an export without WorkloadPriorityClasses says
    /// nothing about whether the cluster has them.
    bool complete = false;
};

/// Where rules put findings. The engine owns what happens next.
class FindingSink {
public:
    virtual ~FindingSink() = default;
    /// Reports one finding of `rule` about `object` at `pos` (field `path`), at the rule's severity.
    void report(const RuleInfo& rule, SourcePos pos, std::string path, model::ObjectRef object,
                std::string message, std::vector<model::RelatedPos> related = {}) {
        report_as(rule.severity, rule, pos, std::move(path), std::move(object), std::move(message),
                  std::move(related));
    }
    /// The same at another severity: info for a reference whose target kind the inputs do not
    /// hold at all, or for a rule's finding that only Kueue's defaults cause. The policy's
    /// rules: section still overrides it.
    virtual void report_as(Severity severity, const RuleInfo& rule, SourcePos pos, std::string path,
                           model::ObjectRef object, std::string message,
                           std::vector<model::RelatedPos> related = {}) = 0;
};

using CheckFn = void (*)(const RuleContext&, FindingSink&);

struct Rule {
    const RuleInfo* info;
    CheckFn check;
};

/// Every rule, sorted by id (lint/registry.cpp).
const std::vector<Rule>& registry();
/// The rule with this id, or nullptr.
const Rule* find_rule(std::string_view id);
/// The embedded Markdown docs of a rule (lint/rules/**/kqNNNN_*.md); empty when missing.
std::string_view rule_doc(std::string_view id);

}  // namespace kg::lint
