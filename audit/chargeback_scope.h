// kubectl's -n/-l for chargeback: narrow the rows to one namespace and/or to the LocalQueues whose
// labels match a selector. The math runs over every reservation first (a ClusterQueue's idle and
// lent quota depend on all its users), then the rows outside the scope are left out and the total
// is re-added from the rows kept, so the invoice of a scoped run still adds up.
#pragma once

#include "audit/chargeback.h"
#include "model/cluster.h"
#include "model/selector.h"

#include <optional>
#include <set>
#include <string>
#include <utility>

namespace kg::audit {

struct ChargebackScope {
    std::string namespace_;  ///< "" = every namespace
    /// (namespace, name) of the LocalQueues -l selected; nullopt = no -l.
    std::optional<std::set<std::pair<std::string, std::string>>> local_queues;

    bool active() const { return !namespace_.empty() || local_queues.has_value(); }
};

/// The LocalQueues of the export whose labels match the selector.
std::set<std::pair<std::string, std::string>> local_queues_matching(const model::Cluster& cluster,
                                                                    const model::LabelSelector& selector);

/// Keeps the rows in scope: with a namespace, rows of that namespace (idle quota, the "__idle__"
/// row, and cohort rows belong to no namespace and go); with LocalQueues, rows of those queues.
/// Re-adds total_cost_micro and keeps only the unpriced pairs a kept row has. Returns how many
/// rows were left out.
std::size_t scope_chargeback(ChargebackResult& result, const ChargebackScope& scope);

}  // namespace kg::audit
