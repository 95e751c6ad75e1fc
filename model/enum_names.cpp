// Enum values as Kueue's API spells them.
#include "model/enum_names.h"

namespace kg::model {

const char* name_of(QueueingStrategy v) { return v == QueueingStrategy::strict_fifo ? "StrictFIFO" : "BestEffortFIFO"; }

const char* name_of(StopPolicy v) {
    switch (v) {
        case StopPolicy::hold: return "Hold";
        case StopPolicy::hold_and_drain: return "HoldAndDrain";
        case StopPolicy::none: break;
    }
    return "None";
}

const char* name_of(WithinClusterQueue v) {
    switch (v) {
        case WithinClusterQueue::lower_priority: return "LowerPriority";
        case WithinClusterQueue::lower_or_newer_equal_priority: return "LowerOrNewerEqualPriority";
        case WithinClusterQueue::never: break;
    }
    return "Never";
}

const char* name_of(ReclaimWithinCohort v) {
    switch (v) {
        case ReclaimWithinCohort::lower_priority: return "LowerPriority";
        case ReclaimWithinCohort::any: return "Any";
        case ReclaimWithinCohort::never: break;
    }
    return "Never";
}

const char* name_of(BorrowWithinCohortPolicy v) {
    return v == BorrowWithinCohortPolicy::lower_priority ? "LowerPriority" : "Never";
}

const char* name_of(WhenCanBorrow v) { return v == WhenCanBorrow::try_next_flavor ? "TryNextFlavor" : "MayStopSearch"; }

const char* name_of(WhenCanPreempt v) {
    return v == WhenCanPreempt::try_next_flavor ? "TryNextFlavor" : "MayStopSearch";
}

const char* name_of(FungibilityPreference v) {
    switch (v) {
        case FungibilityPreference::borrowing_over_preemption: return "BorrowingOverPreemption";
        case FungibilityPreference::preemption_over_borrowing: return "PreemptionOverBorrowing";
        case FungibilityPreference::unset: break;
    }
    return "";
}

std::string selector_string(const std::optional<LabelSelector>& sel) {
    if (!sel) {
        return "<none>";
    }
    if (sel->is_empty()) {
        return "{}";
    }
    std::string out;
    for (const auto& [k, v] : sel->match_labels) {
        out += (out.empty() ? "" : ",") + k + "=" + v;
    }
    for (const LabelRequirement& r : sel->match_expressions) {
        out += (out.empty() ? "" : ",") + *r.key + " " + selector_op_name(r.op);
        if (!r.values.empty()) {
            out += " (";
            for (std::size_t i = 0; i < r.values.size(); ++i) {
                out += (i ? "," : "") + r.values[i];
            }
            out += ")";
        }
    }
    return out;
}

}  // namespace kg::model
