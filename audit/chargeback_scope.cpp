// Rows of a scoped chargeback (chargeback_scope.h).
#include "audit/chargeback_scope.h"

#include <algorithm>

namespace kg::audit {

std::set<std::pair<std::string, std::string>> local_queues_matching(const model::Cluster& cluster,
                                                                    const model::LabelSelector& selector) {
    std::set<std::pair<std::string, std::string>> out;
    for (const model::LocalQueue& lq : cluster.local_queues) {
        if (selector.matches(lq.meta.labels)) {
            out.emplace(*lq.meta.namespace_, *lq.meta.name);
        }
    }
    return out;
}

std::size_t scope_chargeback(ChargebackResult& result, const ChargebackScope& scope) {
    if (!scope.active()) {
        return 0;
    }
    auto out_of_scope = [&](const ChargebackRow& r) {
        if (!scope.namespace_.empty() && r.namespace_ != scope.namespace_) {
            return true;
        }
        return scope.local_queues && !scope.local_queues->count({r.namespace_, r.local_queue});
    };
    const std::size_t before = result.rows.size();
    result.rows.erase(std::remove_if(result.rows.begin(), result.rows.end(), out_of_scope), result.rows.end());
    if (result.total_cost_micro) {
        __int128 total = 0;
        for (const ChargebackRow& r : result.rows) {
            total += r.cost_micro.value_or(0);
        }
        result.total_cost_micro = total;
    }
    std::erase_if(result.unpriced, [&](const std::string& pair) {
        // As price_rows names them: a row with usage or idle quota and no price.
        return std::none_of(result.rows.begin(), result.rows.end(), [&](const ChargebackRow& r) {
            return !r.cost_micro && r.used + r.idle_nominal != 0 && r.flavor + "/" + r.resource == pair;
        });
    });
    return before - result.rows.size();
}

}  // namespace kg::audit
