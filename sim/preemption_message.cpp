// R7.9 preemption messages. Kueue: pkg/scheduler/preemption/preemption.go.
#include "sim/preemption_message.h"

#include <array>
#include <utility>

namespace kg::sim {

namespace {

struct ReasonRow {
    std::string_view reason, rule, text;
};

constexpr std::array<ReasonRow, 4> k_reasons{{
    {"InClusterQueue", "withinClusterQueue", "prioritization in the ClusterQueue"},
    {"InCohortReclamation", "reclaimWithinCohort", "reclamation within the cohort"},
    {"InCohortReclaimWhileBorrowing", "borrowWithinCohort", "reclamation within the cohort while borrowing"},
    {"InCohortFairSharing", "fairSharing", "Fair Sharing within the cohort"},
}};

const ReasonRow* row_of(std::string_view reason) {
    for (const ReasonRow& r : k_reasons)
        if (r.reason == reason) return &r;
    return nullptr;
}

// Text from after `start` up to the first of `ends` (or the end); nullopt when `start` is absent.
std::optional<std::string> field(std::string_view s, std::string_view start, std::string_view ends) {
    auto a = s.find(start);
    if (a == std::string_view::npos) return std::nullopt;
    a += start.size();
    auto b = ends.empty() ? std::string_view::npos : s.find_first_of(ends, a);
    return std::string(s.substr(a, b == std::string_view::npos ? std::string_view::npos : b - a));
}

}  // namespace

std::string_view preemption_rule(std::string_view reason) {
    const ReasonRow* r = row_of(reason);
    return r ? r->rule : std::string_view();
}

std::string_view preemption_reason_text(std::string_view reason) {
    const ReasonRow* r = row_of(reason);
    return r ? r->text : std::string_view();
}

std::string format_preemption_message(const PreemptionMessage& m) {
    auto or_unknown = [](const std::string& s) { return s.empty() ? std::string("UNKNOWN") : s; };
    return "Preempted to accommodate a workload (UID: " + or_unknown(m.preemptor_uid) +
           ", JobUID: " + or_unknown(m.preemptor_job_uid) + ") due to " +
           std::string(preemption_reason_text(m.reason)) + "; preemptor path: " + m.preemptor_path +
           "; preemptee path: " + m.preemptee_path;
}

std::optional<PreemptionMessage> parse_preemption_message(std::string_view message) {
    if (message.find("Preempted to accommodate a workload") == std::string_view::npos &&
        message.find("(UID: ") == std::string_view::npos && message.find("preemptor path: ") == std::string_view::npos)
        return std::nullopt;
    PreemptionMessage m;
    m.preemptor_uid = field(message, "(UID: ", ",)").value_or("");
    m.preemptor_job_uid = field(message, "JobUID: ", ")").value_or("");
    if (auto due = field(message, ") due to ", ";")) {
        for (const ReasonRow& r : k_reasons)
            if (r.text == *due) m.reason = std::string(r.reason);
    }
    m.preemptor_path = field(message, "preemptor path: ", ";").value_or("");
    m.preemptee_path = field(message, "preemptee path: ", ";").value_or("");
    return m;
}

}  // namespace kg::sim
