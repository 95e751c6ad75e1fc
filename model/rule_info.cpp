// Names of the rule metadata enums, as the rule list, the man page and SARIF print them.
#include "model/rule_info.h"

namespace kg::model {

const char* family_name(RuleFamily f) {
    switch (f) {
    case RuleFamily::validation: return "validation";
    case RuleFamily::references: return "references";
    case RuleFamily::governance: return "governance";
    case RuleFamily::quota: return "quota";
    case RuleFamily::history: return "history";
    }
    return "validation";
}

const char* scope_name(RuleScope s) {
    switch (s) {
    case RuleScope::definition: return "definition";
    case RuleScope::applied: return "applied";
    case RuleScope::history: return "history";
    }
    return "applied";
}

const char* precision_name(RulePrecision p) {
    switch (p) {
    case RulePrecision::very_high: return "very-high";
    case RulePrecision::high: return "high";
    case RulePrecision::medium: return "medium";
    case RulePrecision::low: return "low";
    }
    return "high";
}

RulePrecision rule_precision(const RuleInfo& r) {
    switch (r.family) {
    case RuleFamily::validation: return RulePrecision::very_high;
    case RuleFamily::quota: return RulePrecision::medium;
    case RuleFamily::references:
    case RuleFamily::governance:
    case RuleFamily::history: break;
    }
    return RulePrecision::high;
}

}  // namespace kg::model
