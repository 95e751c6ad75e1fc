// Prices chargeback rows (audit-evidence.md §3.4); internal to the chargeback engine.
#pragma once

#include "audit/chargeback.h"

#include <optional>

namespace kg::audit {

/// Sets each row's cost and the total, and lists flavor/resource pairs with usage but no
/// price in `unpriced`. An error for a price unit it cannot read or a cost beyond 128 bits.
std::optional<Error> price_rows(ChargebackResult& res, const PriceList& prices);

}  // namespace kg::audit
