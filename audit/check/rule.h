// The shape every history rule shares, like lint's (lint/rule.h): static metadata, a
// pure check over a HistoryView, and a sink. The engine (engine.h) picks the rules,
// applies the policy's overrides, turns evidence references into positions and sorts.
#pragma once

#include "audit/check/view.h"
#include "model/diagnostic.h"
#include "model/finding.h"
#include "model/rule_info.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kg::audit::check {

using model::Severity;

using model::RuleFamily;
using model::RuleInfo;  // ids KQ5xxx
using model::RuleScope;

/// One history finding as a rule reports it.
struct Report {
    std::string evidence;  ///< "source-path:line" of the audit entry, "" when derived (usage, bursts)
    std::string path;      ///< field path, for the fingerprint
    model::ObjectRef object;
    std::string message;   ///< lower-case start unless it begins with a kind, no final period
    std::string actor;     ///< authenticated identity, "" when not one request's
    std::string time;      ///< RFC 3339
    std::int64_t ts_us = 0;  ///< for ordering
    /// Set for findings that weigh less than the rule's own severity (refused attempts,
    /// facts the log level could not show): they keep this severity whatever the policy says.
    std::optional<Severity> severity;
};

class FindingSink {
public:
    virtual ~FindingSink() = default;
    virtual void report(const RuleInfo& rule, Report r) = 0;
};

using CheckFn = void (*)(const HistoryView&, FindingSink&);

struct Rule {
    const RuleInfo* info;
    CheckFn check;
};

/// Every history rule, sorted by id (audit/check/registry.cpp).
const std::vector<Rule>& registry();
/// The rule with this id, or nullptr.
const Rule* find_rule(std::string_view id);
/// The embedded Markdown docs of a rule (audit/check/rules/kq5NNN_*.md); empty when missing.
std::string_view rule_doc(std::string_view id);

}  // namespace kg::audit::check
