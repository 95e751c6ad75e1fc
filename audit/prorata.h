// Exact pro-rata splitting for chargeback: integer shares that add up to the whole, with
// the remainder to the largest fractions (audit-evidence.md §3.4, method kueuegov.prorata-v1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kg::audit {

/// Scratch space for split_prorata, reused across calls (the sweep calls it per event).
struct SplitScratch {
    std::vector<__int128> rem;
    std::vector<std::size_t> order;
};

/// Splits `rate x dt` (rate >= 0, rate <= sum(weights)) proportionally to `weights` (>= 0) into
/// integers summing to exactly `rate x dt`: floors first, then one unit each to the largest
/// remainders (ties: lower index). Splitting the rate first keeps intermediates within 128 bits.
void split_prorata(std::int64_t rate, std::int64_t dt, const std::vector<std::int64_t>& weights,
                   std::vector<__int128>& out, SplitScratch& sc);

}  // namespace kg::audit
